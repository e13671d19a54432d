/**
 * Spec: Service fields, "memory, memory_swap | I | MB". The unit is judged by its effect, not by
 * its echo: a container of a service created with `memory` M runs under a memory limit of M MB
 * (M × 1048576 bytes, the MB the engine takes), read by exec from the cgroup (v2 memory.max, else
 * v1 memory.limit_in_bytes). A target passing M as bytes or KB to the engine shows another limit.
 * memory_swap is memory plus swap: its swap part is read where the node accounts swap.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { firstContainer, runningService, sharedNodes } from '../support/app.ts';
import { printedIn } from '../support/streams.ts';
import type { Container } from '../support/views.generated.ts';

const R = {
  memory: 'cloud/service/memory-in-mb',
};

/** A limit no engine default gives, large enough for the test image to run under. */
const MEMORY_MB = 96;
/** memory plus swap: 64 MB of swap. */
const MEMORY_SWAP_MB = 160;
const MB = 1048576;

/** The bytes the first of `files` (cgroup file, bytes it must show) shows with the bytes expected, or what each showed instead. */
async function firstLimit(ctx: CloudContext, container: Container, files: readonly (readonly [string, number])[]): Promise<[number, number] | string> {
  const seen: string[] = [];
  for (const [file, expected] of files) {
    const printed = await printedIn(ctx, container, `cat ${file}`);
    const bytes = /^\d+$/.exec(printed.trim())?.[0];
    if (bytes !== undefined) return [Number(bytes), expected];
    seen.push(`${file}: ${printed.slice(0, 100)}`);
  }
  return seen.join('; ');
}

export default [
  cloudCheck({
    id: `${R.memory}/cgroup-limit`,
    title: `memory, memory_swap are in MB: ${MEMORY_MB}, ${MEMORY_SWAP_MB} give cgroup limits of ${MEMORY_MB} MiB and ${MEMORY_SWAP_MB - MEMORY_MB} MiB swap`,
    requirements: [R.memory],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { memory: MEMORY_MB, memory_swap: MEMORY_SWAP_MB });
      const container = await firstContainer(ctx, svc);
      // cgroup v2 shows the limit in memory.max, v1 in memory.limit_in_bytes.
      const memory = await firstLimit(ctx, container, [
        ['/sys/fs/cgroup/memory.max', MEMORY_MB * MB],
        ['/sys/fs/cgroup/memory/memory.limit_in_bytes', MEMORY_MB * MB],
      ]);
      if (typeof memory === 'string') return ctx.unverified(`the container ${String(container.name)} shows no memory limit in bytes (${memory})`);
      ctx.expectEqual(memory[0], memory[1], `the container of a service with memory ${MEMORY_MB} does not run under a ${MEMORY_MB} MB limit`, R.memory);
      // v2 shows the swap alone (memory_swap less memory), v1 memory plus swap; a node without swap accounting shows neither.
      const swap = await firstLimit(ctx, container, [
        ['/sys/fs/cgroup/memory.swap.max', (MEMORY_SWAP_MB - MEMORY_MB) * MB],
        ['/sys/fs/cgroup/memory/memory.memsw.limit_in_bytes', MEMORY_SWAP_MB * MB],
      ]);
      if (typeof swap === 'string') return ctx.observe(`the container shows no swap limit (${swap}): memory_swap's effect was not read`);
      ctx.expectEqual(swap[0], swap[1], `the container of a service with memory_swap ${MEMORY_SWAP_MB} (memory plus swap) has another swap limit`, R.memory);
    },
  }),
];
