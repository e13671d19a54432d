import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { enterImageLane, FifoLock, serveImageLane } from '../../harness/run/image-lane.ts';

describe('the image lane', () => {
  test('shared holders run together; an exclusive one waits for them, and those after it wait for it (first come, first served)', () => {
    const lock = new FifoLock();
    const granted: string[] = [];
    const take = (name: string, mode: 'shared' | 'exclusive') => lock.acquire(mode, () => granted.push(name));
    const a = take('a', 'shared');
    const b = take('b', 'shared');
    const x = take('x', 'exclusive');
    const c = take('c', 'shared');
    expect(granted).toEqual(['a', 'b']);
    a();
    expect(granted).toEqual(['a', 'b']);
    b();
    expect(granted).toEqual(['a', 'b', 'x']);
    x();
    expect(granted).toEqual(['a', 'b', 'x', 'c']);
    c();
  });

  test('a waiter that leaves the queue before its turn is forgotten; a release counts once', () => {
    const lock = new FifoLock();
    const granted: string[] = [];
    const a = lock.acquire('exclusive', () => granted.push('a'));
    const gone = lock.acquire('exclusive', () => granted.push('gone'));
    lock.acquire('shared', () => granted.push('b'));
    gone();
    a();
    a();
    expect(granted).toEqual(['a', 'b']);
  });

  test("over the run's socket: the exclusive file enters when the shared one ends, and a closed connection releases", async () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'image-lane-'));
    const socket = path.join(dir, 'lane.sock');
    const lane = await serveImageLane(socket);
    try {
      const leaveShared = await enterImageLane(socket, 'shared');
      let entered = false;
      const exclusive = enterImageLane(socket, 'exclusive').then((leave) => {
        entered = true;
        return leave;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(entered).toBe(false);
      leaveShared();
      (await exclusive)();
      expect(entered).toBe(true);
      (await enterImageLane(socket, 'shared'))();
    } finally {
      await lane.close();
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
