/**
 * The fault `blind15-stack-sync-restored-by-stack-redeploy-only`: the stack keeps a stored
 * "out of sync" flag that an update of one of its services sets and only a redeploy of the stack
 * clears, so a redeploy of the service itself leaves the stack unsynchronized.
 */
import type { World } from '../world.ts';
import type { Stack } from './model.ts';

const FAULT = 'blind15-stack-sync-restored-by-stack-redeploy-only';
const outOfSync = new WeakSet<Stack>();

/** A service of the stack was updated: under the fault the stack is flagged until its own redeploy. */
export function flagStackOutOfSync(world: World, stackUuid: string | null | undefined): void {
  const stack = stackUuid ? world.store.stacks.get(stackUuid) : undefined;
  if (stack && world.faults.has(FAULT)) outOfSync.add(stack);
}

/** The stack was redeployed: the stored flag is cleared. */
export function clearStackOutOfSync(stack: Stack): void {
  outOfSync.delete(stack);
}

/** Whether the stored flag (set only under the fault) says the stack is out of sync. */
export function stackFlaggedOutOfSync(stack: Stack): boolean {
  return outOfSync.has(stack);
}
