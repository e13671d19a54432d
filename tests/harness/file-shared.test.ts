import { expect, test } from 'vitest';
import { FileShared, SharedResource, SharedResources } from '../../harness/check/file-shared.ts';

test('a shared value is made once for every check that asks, also while it is being made', async () => {
  const shared = new FileShared<string>();
  let made = 0;
  const make = async (): Promise<string> => {
    made++;
    await new Promise((r) => setTimeout(r, 5));
    return 'nodes';
  };
  expect(await Promise.all([shared.get(make), shared.get(make), shared.get(make)])).toEqual(['nodes', 'nodes', 'nodes']);
  expect(made).toBe(1);
});

test('a failed making is not kept: the next check that asks makes it again', async () => {
  const shared = new FileShared<string>();
  let attempts = 0;
  const make = async (): Promise<string> => {
    attempts++;
    if (attempts === 1) throw new Error('deploy answered 500');
    return 'nodes';
  };
  await expect(shared.get(make)).rejects.toThrow('deploy answered 500');
  expect(await shared.get(make)).toBe('nodes');
  expect(await shared.get(make)).toBe('nodes');
  expect(attempts).toBe(2);
});

test('a shared resource removes what it created, newest first, and reports removals that failed', async () => {
  const shared = new SharedResource<string>();
  shared.removeLater('cluster-1');
  shared.removeLater('cluster-2');
  shared.removeLater('cluster-3');
  const removed: string[] = [];
  const errors = await shared.release(async (ref) => {
    if (ref === 'cluster-2') throw new Error('target unreachable');
    removed.push(ref);
  });
  expect(removed).toEqual(['cluster-3', 'cluster-1']);
  expect(errors).toEqual(['cluster-2: target unreachable']);
  expect(await shared.release(async () => removed.push('again'))).toEqual([]);
  expect(removed).not.toContain('again');
});

test('shared resources by key: one making per key, every key released at the end', async () => {
  const shared = new SharedResources();
  let made = 0;
  const get = (key: string) =>
    shared.get(key, async (owner): Promise<string> => {
      made++;
      owner.removeLater(`${key}-container`);
      return key;
    });
  expect(await Promise.all([get('a'), get('b'), get('a')])).toEqual(['a', 'b', 'a']);
  expect(made).toBe(2);
  const removed: string[] = [];
  expect(await shared.release(async (ref) => removed.push(ref))).toEqual([]);
  expect(removed).toEqual(['b-container', 'a-container']);
});
