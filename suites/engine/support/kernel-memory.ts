/**
 * KernelMemory's effect: the kernel memory limit of the container's cgroup, memory.kmem.limit_in_bytes.
 * Only cgroup v1 has that limit, and only kernels before 5.16 apply it: 5.16 refuses a write of the
 * file, later kernels ignore it (the file shows no limit whatever is written) or drop the file. On
 * those hosts nothing a container reads shows the field: unverified, never failed.
 */
import { readCgroup, readFirst } from './cgroups.ts';
import type { Judgement, Observed } from './effects.ts';

export const KERNEL_MEMORY = 64 * 1024 * 1024;
const KMEM_FILE = { v1: '/sys/fs/cgroup/memory/memory.kmem.limit_in_bytes' };
/** The first kernel release whose cgroup v1 applies no kernel memory limit. */
const NO_LIMIT_FROM = { major: 5, minor: 16 };

/** Prints the release of the kernel the container runs on, then the kmem file as readFirst does. */
export const KERNEL_MEMORY_SCRIPT = `uname -r; ${readFirst(KMEM_FILE)}`;

/** Whether the kernel of `release` (uname -r) applies a cgroup v1 kernel memory limit; undefined when it is no release. */
export function appliesKernelMemoryLimit(release: string): boolean | undefined {
  const m = /^(\d+)\.(\d+)/.exec(release.trim());
  if (!m) return undefined;
  const [major, minor] = [Number(m[1]), Number(m[2])];
  return major < NO_LIMIT_FROM.major || (major === NO_LIMIT_FROM.major && minor < NO_LIMIT_FROM.minor);
}

/** Why the host cannot show the limit that was not seen, or undefined when it could have (a breach). */
function cannotShow(hasFile: boolean, release: string, warnings: readonly string[]): string | undefined {
  if (!hasFile)
    return `the container sees no ${KMEM_FILE.v1} (kernel ${release}): cgroup v2 has no kernel memory limit, nor has a kernel that dropped the file`;
  const applies = appliesKernelMemoryLimit(release);
  if (applies === undefined)
    return `the container's uname -r (${JSON.stringify(release)}) names no kernel release: whether its kernel applies a kernel memory limit is unknown`;
  if (!applies)
    return (
      `kernel ${release} applies no cgroup v1 kernel memory limit ` +
      `(from Linux ${NO_LIMIT_FROM.major}.${NO_LIMIT_FROM.minor} a write of ${KMEM_FILE.v1} is refused or ignored)`
    );
  if (warnings.length) return `the kernel memory limit is not the one sent; the create warned the host discarded a setting: ${warnings.join(' | ')}`;
  return undefined;
}

/** Judges what KERNEL_MEMORY_SCRIPT printed in a container created with KernelMemory KERNEL_MEMORY. */
export function judgeKernelMemory(o: Observed): Judgement {
  const [release = '', ...rest] = o.out.trim().split('\n');
  const read = readCgroup({ ...o, out: rest.join('\n') });
  const ok = read?.path === KMEM_FILE.v1 && read.value === String(KERNEL_MEMORY);
  const unverified = ok ? undefined : cannotShow(read !== undefined, release.trim(), o.warnings);
  return {
    ok,
    message: `the kernel memory limit of a container created with KernelMemory ${KERNEL_MEMORY} (${KMEM_FILE.v1})`,
    expected: `${KERNEL_MEMORY} in ${KMEM_FILE.v1}`,
    actual: read ? `${read.path}: ${read.value} (kernel ${release.trim()})` : `no ${KMEM_FILE.v1} (kernel ${release.trim()})`,
    ...(unverified ? { unverified } : {}),
  };
}
