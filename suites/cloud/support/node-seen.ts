/**
 * A node's hardware as a program on it sees it: a Running container on the file's shared node runs
 * `nproc` (the CPUs it may run on: without a cpuset, the node's) and reads /proc/meminfo (MemTotal,
 * kB: a container without a memory limit sees its host's), by the Stream API's exec. Compared with
 * the node's cpu and memory fields (suites/cloud/nodes/hardware.ts).
 */
import type { CloudContext } from './context.ts';
import { firstContainer, runningService, sharedNodes } from './app.ts';
import { printedIn } from './streams.ts';
import type { Container, Node } from './views.generated.ts';

/** A Running container of a service with no cpuset or memory limit on the shared node, and that node as its GET shows it. */
export async function containerAndItsNode(ctx: CloudContext): Promise<{ container: Container; node: Node }> {
  const container = await firstContainer(ctx, await runningService(ctx, await sharedNodes(ctx)));
  ctx.precondition(typeof container.node === 'string' && container.node !== '', `the running container ${container.resource_uri} names no node`);
  return { container, node: await ctx.getJson('node', container.node, 'the node the container runs on') };
}

/** The CPU count `nproc` printed (a line holding a number alone: a terminal also echoes the command), or undefined. */
export async function cpusSeenIn(ctx: CloudContext, container: Container): Promise<{ cpus?: number; printed: string }> {
  const printed = await printedIn(ctx, container, 'nproc');
  const counts = printed.split(/\r?\n/).flatMap((l) => /^\s*(\d+)\s*$/.exec(l)?.[1] ?? []);
  return { cpus: counts.length === 1 ? Number(counts[0]) : undefined, printed };
}

/** /proc/meminfo's MemTotal (kB), or undefined where it was not printed. */
export async function memTotalSeenIn(ctx: CloudContext, container: Container): Promise<{ kb?: number; printed: string }> {
  const printed = await printedIn(ctx, container, 'cat /proc/meminfo');
  const kb = /MemTotal:\s*(\d+)\s*kB/i.exec(printed)?.[1];
  return { kb: kb === undefined ? undefined : Number(kb), printed };
}

/**
 * The node's memory in MB against MemTotal, in MiB: MemTotal leaves out what the kernel reserves (a
 * few per cent, more on a small node with a crash kernel), a node type's nominal size is rounder, and
 * MB may be read as 10^6 bytes (4.9 % more than MiB). So memory lies from 80 % to 150 % of it; a
 * count in bytes, kB or GB lies a factor of about 1000 away.
 */
export const MEMORY_BAND = { low: 0.8, high: 1.5 } as const;

export function memoryWithinBand(memoryMb: number, memTotalKb: number): boolean {
  const mib = memTotalKb / 1024;
  return memoryMb >= mib * MEMORY_BAND.low && memoryMb <= mib * MEMORY_BAND.high;
}
