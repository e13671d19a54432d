import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import { enterImageLane, FifoLock, serveImageLane } from '../../harness/run/image-lane.ts';

/** Runs `body` against a lane served on a socket of its own, closed and removed afterwards. */
async function overLane(body: (socket: string) => Promise<void>): Promise<void> {
  const dir = mkdtempSync(path.join(tmpdir(), 'image-lane-'));
  const socket = path.join(dir, 'lane.sock');
  const lane = await serveImageLane(socket);
  try {
    await body(socket);
  } finally {
    await lane.close();
    rmSync(dir, { recursive: true, force: true });
  }
}

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

  test("over the run's socket: a file that leaves while still queued (its wait timed out) is never granted, and the next one enters", () =>
    overLane(async (socket) => {
      const shared = enterImageLane(socket, 'shared');
      await shared.granted;
      const timedOut = enterImageLane(socket, 'exclusive');
      await new Promise((resolve) => setTimeout(resolve, 50));
      timedOut.leave();
      await new Promise((resolve) => setTimeout(resolve, 50));
      shared.leave();
      const next = enterImageLane(socket, 'exclusive');
      await next.granted;
      next.leave();
      await expect(timedOut.granted).rejects.toThrow();
    }));

  test("over the run's socket: the exclusive file enters when the shared one ends, and a closed connection releases", () =>
    overLane(async (socket) => {
      const shared = enterImageLane(socket, 'shared');
      await shared.granted;
      let entered = false;
      const exclusive = enterImageLane(socket, 'exclusive');
      void exclusive.granted.then(() => {
        entered = true;
      });
      await new Promise((resolve) => setTimeout(resolve, 50));
      expect(entered).toBe(false);
      shared.leave();
      await exclusive.granted;
      expect(entered).toBe(true);
      exclusive.leave();
      const again = enterImageLane(socket, 'shared');
      await again.granted;
      again.leave();
    }));
});
