import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { discardedByHost, observeInside, parseMounts, type Observed } from '../support/effects.ts';

const ENDPOINT = 'engine/containers/create';
const MB = 1024 * 1024;

/** Creates a container with the HostConfig; the answer, the warnings and (on 201) the stored HostConfig. */
async function createWith(
  ctx: EngineContext,
  hostConfig: Record<string, unknown>,
): Promise<{ status: number; warnings: string[]; stored?: Record<string, unknown> }> {
  const { res, id, warnings } = await createRaw(ctx, createBody(ctx, { HostConfig: hostConfig }));
  if (!id) return { status: res.status, warnings };
  return { status: res.status, warnings, stored: (await ctx.inspect(id)).HostConfig as Record<string, unknown> };
}

/**
 * A value outside the limit must be refused with 400. A host that cannot apply the setting at all
 * (the target accepts it, discards it and warns) leaves the range rule unverified.
 */
async function expectRefused(ctx: EngineContext, hostConfig: Record<string, unknown>, field: string, rule: string, requirement: string): Promise<void> {
  const { status, warnings, stored } = await createWith(ctx, hostConfig);
  if (status === 201 && discardedByHost(warnings, stored?.[field], hostConfig[field]))
    ctx.unverified(
      `the host cannot apply ${field}: create with ${JSON.stringify(hostConfig)} was accepted, the setting discarded with a warning: ${warnings.join(' | ')}`,
    );
  ctx.expect(
    status === 400,
    `${rule}: create with ${JSON.stringify(hostConfig)} answered ${status}${stored ? ` and stored ${field}=${JSON.stringify(stored[field])}` : ''}`,
    { expected: 400, actual: { status, stored: stored?.[field], warnings }, requirement },
  );
}

/**
 * A value within the limit is accepted and means what was sent: stored as sent (-1 stays -1, 0
 * stays 0), or, on a host that cannot apply the setting, discarded with a warning (observed).
 */
async function expectAccepted(ctx: EngineContext, hostConfig: Record<string, unknown>, rule: string, requirement: string): Promise<void> {
  const { status, warnings, stored } = await createWith(ctx, hostConfig);
  ctx.expect(status === 201, `${rule}: create with ${JSON.stringify(hostConfig)} must be accepted, got ${status}`, {
    expected: 201,
    actual: status,
    requirement,
  });
  for (const [field, sent] of Object.entries(hostConfig)) {
    const kept = stored?.[field] === sent;
    if (!kept && warnings.length > 0) ctx.observe(`${field} ${JSON.stringify(sent)} was accepted and discarded with a warning: ${warnings.join(' | ')}`);
    ctx.expect(kept || warnings.length > 0, `${rule}: ${field} ${JSON.stringify(sent)} is stored as sent, got ${JSON.stringify(stored?.[field])}`, {
      expected: sent,
      actual: stored?.[field],
      requirement,
    });
  }
}

/** The size option of the /dev/shm mount (/proc/mounts) of a container created with `fields`, and its /dev/shm line as read. */
async function shmMount(ctx: EngineContext, fields?: Record<string, unknown>): Promise<{ mount: string | undefined; raw: string }> {
  const o: Observed = await observeInside(ctx, 'cat /proc/mounts', fields);
  const shm = parseMounts(o.out).find((m) => m.target === '/dev/shm');
  return { mount: shm?.options.find((opt) => opt.startsWith('size=')), raw: shm ? `${shm.fstype} ${shm.options.join(',')}` : 'not mounted' };
}

/** Spec: Limits (BlkioWeight, MemorySwappiness, ShmSize, MemorySwap); HostConfig fields. */
export default [
  engineCheck({
    id: 'engine/limits/blkio-weight-range',
    title: '(1.22) BlkioWeight is between 10 and 1000: 10 and 1000 are accepted, 9 and 1001 refused',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const r = 'engine/limits/blkio-weight-range';
      for (const w of [10, 1000]) await expectAccepted(ctx, { BlkioWeight: w }, 'BlkioWeight between 10 and 1000', r);
      for (const w of [9, 1001]) await expectRefused(ctx, { BlkioWeight: w }, 'BlkioWeight', 'BlkioWeight is between 10 and 1000', r);
    },
  }),
  engineCheck({
    id: 'engine/limits/memory-swappiness-range',
    title: '(1.22) MemorySwappiness is between 0 and 100: 0 and 100 are accepted, 101 and -2 refused',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const r = 'engine/limits/memory-swappiness-range';
      for (const s of [0, 100]) await expectAccepted(ctx, { MemorySwappiness: s }, 'MemorySwappiness between 0 and 100', r);
      // Both sides of the range: a target bounding only the top passed with 101 alone. -1 is left out:
      // inspect shows it for a container created without the field, so a target may read it as "not given".
      for (const s of [101, -2]) await expectRefused(ctx, { MemorySwappiness: s }, 'MemorySwappiness', 'MemorySwappiness is between 0 and 100', r);
    },
  }),
  engineCheck({
    id: 'engine/limits/shm-size-positive',
    title: '(1.22) ShmSize is greater than 0: a positive size is accepted and stored, a negative one refused',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const r = 'engine/limits/shm-size-positive';
      const { status, stored } = await createWith(ctx, { ShmSize: 32 * MB });
      ctx.expectEqual([status, stored?.ShmSize], [201, 32 * MB], 'ShmSize 32 MB is accepted and stored', r);
      await expectRefused(ctx, { ShmSize: -1 }, 'ShmSize', 'ShmSize is greater than 0', r);
      ctx.observe(`ShmSize 0 answered ${(await createWith(ctx, { ShmSize: 0 })).status}`);
    },
  }),
  engineCheck({
    id: 'engine/limits/shm-size-positive/inside',
    title: '(1.22) A positive ShmSize, in bytes, is the size of /dev/shm in the container: ShmSize 128 MB mounts it with size=131072k',
    requirements: ['engine/limits/shm-size-positive'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      // Stored as sent was all the other check asked: a target keeping the 64 MB /dev/shm whatever ShmSize says passed it.
      const { mount, raw } = await shmMount(ctx, { HostConfig: { ShmSize: 128 * MB } });
      ctx.expectEqual(
        mount,
        'size=131072k',
        '/dev/shm of a container created with ShmSize 134217728 (128 MB; size in /proc/mounts)',
        'engine/limits/shm-size-positive',
      );
      if (mount === undefined) ctx.observe(`no /dev/shm size option in /proc/mounts: ${raw}`);
    },
  }),
  engineCheck({
    id: 'engine/limits/shm-size-positive/zero',
    title: '(1.22) ShmSize 0 is not greater than 0: refused with 400, or read as not given (/dev/shm is the 64 MB default, size=65536k)',
    requirements: ['engine/limits/shm-size-positive'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const r = 'engine/limits/shm-size-positive';
      // The other checks only recorded ShmSize 0: a target accepting it and mounting /dev/shm without a size
      // (tmpfs size=0 is unlimited) passed them. 0 is outside "greater than 0": refused, or the default applies.
      const { status, stored } = await createWith(ctx, { ShmSize: 0 });
      if (status !== 201) {
        ctx.expect(status === 400, `ShmSize is greater than 0: create with ShmSize 0 answered ${status}`, {
          expected: '400 (refused), or 201 with the 64 MB default',
          actual: status,
          requirement: r,
        });
        return;
      }
      ctx.observe(`ShmSize 0 was accepted; inspect shows ShmSize ${JSON.stringify(stored?.ShmSize)}`);
      const { mount, raw } = await shmMount(ctx, { HostConfig: { ShmSize: 0 } });
      ctx.expectEqual(
        mount,
        'size=65536k',
        'ShmSize 0, accepted, is read as not given: /dev/shm of the container is the 64 MB default (size in /proc/mounts; no size is unlimited)',
        r,
      );
      if (mount === undefined) ctx.observe(`no /dev/shm size option in /proc/mounts: ${raw}`);
    },
  }),
  engineCheck({
    id: 'engine/limits/shm-size-default',
    title: '(1.22) ShmSize defaults to 64 MB when omitted',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { stored } = await createWith(ctx, {});
      ctx.expectEqual(stored?.ShmSize, 64 * MB, 'inspect HostConfig.ShmSize of a container created without it');
    },
  }),
  engineCheck({
    id: 'engine/limits/shm-size-default/inside',
    title: "(1.22) Without ShmSize the container's /dev/shm is 64 MB (its tmpfs mount in /proc/mounts)",
    requirements: ['engine/limits/shm-size-default'],
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const { mount } = await shmMount(ctx);
      ctx.expectEqual(mount, 'size=65536k', '/dev/shm of a container created without ShmSize (size in /proc/mounts)');
    },
  }),
  engineCheck({
    id: 'engine/limits/memory-swap',
    title: 'MemorySwap -1 (unlimited) is accepted; otherwise it must be larger than Memory',
    endpoint: ENDPOINT,
    async run(ctx) {
      const r = 'engine/limits/memory-swap';
      await expectAccepted(ctx, { Memory: 64 * MB, MemorySwap: -1 }, 'MemorySwap -1 is unlimited swap', r);
      await expectAccepted(ctx, { Memory: 64 * MB, MemorySwap: 128 * MB }, 'MemorySwap larger than Memory', r);
      await expectRefused(ctx, { Memory: 64 * MB, MemorySwap: 32 * MB }, 'MemorySwap', 'MemorySwap must be larger than Memory', r);
    },
  }),
  engineCheck({
    id: 'engine/limits/memory-swap/equal',
    title: 'MemorySwap equal to Memory is not larger than it: refused with 400',
    requirements: ['engine/limits/memory-swap'],
    endpoint: ENDPOINT,
    async run(ctx) {
      // The boundary of "larger than Memory": equal is the value a target comparing with >= lets through.
      await expectRefused(ctx, { Memory: 64 * MB, MemorySwap: 64 * MB }, 'MemorySwap', 'MemorySwap must be larger than Memory', 'engine/limits/memory-swap');
    },
  }),
  engineCheck({
    id: 'engine/containers/create/host-config-memory-swap-needs-memory',
    title: 'MemorySwap must be used together with Memory: MemorySwap alone is refused',
    endpoint: ENDPOINT,
    async run(ctx) {
      await expectRefused(
        ctx,
        { MemorySwap: 128 * MB },
        'MemorySwap',
        'MemorySwap must be used together with Memory',
        'engine/containers/create/host-config-memory-swap-needs-memory',
      );
    },
  }),
];
