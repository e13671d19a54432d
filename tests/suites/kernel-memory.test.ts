import { describe, expect, it } from 'vitest';
import { appliesKernelMemoryLimit, judgeKernelMemory, KERNEL_MEMORY } from '../../suites/engine/support/kernel-memory.ts';

const KMEM = '/sys/fs/cgroup/memory/memory.kmem.limit_in_bytes';
const UNLIMITED = '9223372036854771712';
const seen = (release: string, value?: string, warnings: string[] = []) =>
  judgeKernelMemory({ out: `${release}\n${value === undefined ? 'none' : `${KMEM}\n${value}`}\n`, code: 0, warnings });

describe('KernelMemory judged in the cgroup where the host has a kernel memory limit', () => {
  it('passes the limit sent, fails no limit on a kernel that applies one', () => {
    expect(seen('5.10.0-28-amd64', String(KERNEL_MEMORY))).toMatchObject({ ok: true });
    const ignored = seen('5.10.0-28-amd64', UNLIMITED);
    expect(ignored.ok).toBe(false);
    expect(ignored.unverified).toBeUndefined();
  });

  it('is unverified where the host cannot show it: no kmem file, a kernel from 5.16, no release, a create warning', () => {
    expect(seen('5.10.0', undefined).unverified).toMatch(/no .*kmem/);
    expect(seen('6.18.44-fc-v1045', UNLIMITED).unverified).toMatch(/applies no cgroup v1 kernel memory limit/);
    expect(seen('5.16.0', UNLIMITED).unverified).toBeDefined();
    expect(seen('Linux', UNLIMITED).unverified).toMatch(/names no kernel release/);
    expect(seen('4.19.0', UNLIMITED, ['Limitation discarded.']).unverified).toMatch(/warned/);
  });

  it('takes kernels before 5.16 as applying the limit', () => {
    expect([
      appliesKernelMemoryLimit('4.4.0'),
      appliesKernelMemoryLimit('5.15.0-91-generic'),
      appliesKernelMemoryLimit('5.16'),
      appliesKernelMemoryLimit('6.1.0'),
    ]).toEqual([true, true, false, false]);
    expect(appliesKernelMemoryLimit('')).toBeUndefined();
  });
});
