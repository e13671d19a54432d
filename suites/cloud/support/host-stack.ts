/**
 * Spec: Service fields, "net | network mode: `bridge` or `host`"; "Network modes: `bridge` (new network stack on the engine
 * bridge), `host` (host network stack)". What two reads of a node's network stack (/proc/net/dev under net host) show alike,
 * beside a bridge container's own stack. The node's stack is not fixed in time: each bridge container running on the node has
 * its end of a link there (veth…), which comes and goes with it, so other checks' containers on the same node add and remove
 * interfaces between two reads. A later read must show every other interface of the node an earlier one showed (the engine
 * bridge, the node's own devices) and at least one interface a bridge container lacks; it need not list the same links.
 */

/** The node's ends of its containers' links: they come and go with those containers. */
const COMES_AND_GOES = /^veth/;

/** What a later read of the node's stack shows of it, beside an earlier read and a bridge container's stack. */
export interface LaterHostStack {
  /** The interfaces of the later read a bridge container does not have: none is a stack of its own, not the node's. */
  beyondBridge: string[];
  /** The node's lasting interfaces the earlier read showed (not the bridge container's, not the links'). */
  lasting: string[];
  /** Those of `lasting` the later read lacks. */
  missing: string[];
}

/** A later read of the node's stack judged against an earlier one and a bridge container's interfaces (each a list of names). */
export function laterHostStack(bridge: readonly string[], earlier: readonly string[], later: readonly string[]): LaterHostStack {
  const beyondBridge = later.filter((i) => !bridge.includes(i));
  const lasting = earlier.filter((i) => !bridge.includes(i) && !COMES_AND_GOES.test(i));
  return { beyondBridge, lasting, missing: lasting.filter((i) => !later.includes(i)) };
}
