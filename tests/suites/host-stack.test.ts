import { describe, expect, test } from 'vitest';
import { laterHostStack } from '../../suites/cloud/support/host-stack.ts';

/** A bridge container's own stack, and a node's stack read under net host while one bridge container runs there. */
const BRIDGE = ['eth0', 'lo'];
const HOST = ['docker0', 'eth0', 'lo', 'veth1a2b3c4'];

/** What cloud/service/net-pid-modes/net-host-interfaces requires of the second read: the node's stack still. */
const seesHostStack = (later: string[]): boolean => {
  const judged = laterHostStack(BRIDGE, HOST, later);
  return judged.beyondBridge.length > 0 && judged.missing.length === 0;
};

describe('a later read of the host network stack (suites/cloud/support/host-stack.ts)', () => {
  test('a bridge container started on the node between the reads (a veth more) is the same host stack', () => {
    const later = [...HOST, 'veth9f8e7d6'];
    // The rule it replaces, both lists equal, failed this conforming node (judge 2140, #14).
    expect(later.join(',')).not.toBe(HOST.join(','));
    expect(seesHostStack(later)).toBe(true);
  });

  test('a bridge container gone between the reads (a veth fewer) is the same host stack', () => {
    expect(seesHostStack(['docker0', 'eth0', 'lo'])).toBe(true);
    expect(seesHostStack(['docker0', 'eth0', 'lo', 'veth5d6e7f8'])).toBe(true);
  });

  test("net host ignored for a service with ports (a stack of its own on the bridge) is not the node's stack", () => {
    expect(seesHostStack(['eth0', 'lo'])).toBe(false);
    expect(laterHostStack(BRIDGE, HOST, ['eth0', 'lo'])).toMatchObject({ beyondBridge: [], missing: ['docker0'] });
  });

  test('a stack that lacks an interface of the node the first read showed (the engine bridge) is not the host stack', () => {
    expect(seesHostStack(['eth0', 'lo', 'veth1a2b3c4'])).toBe(false);
    expect(laterHostStack(BRIDGE, HOST, ['eth0', 'lo', 'veth1a2b3c4']).missing).toEqual(['docker0']);
  });

  test("a node whose only interfaces beyond a bridge container's are links: another link is its stack, none is not", () => {
    const host = ['eth0', 'lo', 'veth1a2b3c4'];
    expect(laterHostStack(BRIDGE, host, ['eth0', 'lo', 'veth9f8e7d6'])).toMatchObject({ missing: [], beyondBridge: ['veth9f8e7d6'] });
    expect(laterHostStack(BRIDGE, host, ['eth0', 'lo']).beyondBridge).toEqual([]);
  });
});
