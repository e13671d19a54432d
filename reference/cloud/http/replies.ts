/** Answers: the success codes the public clients expect, and the `{"error": ...}` body. */
import { ApiError } from './errors.ts';
import type { Reply } from './types.ts';
import type { World } from '../world.ts';

export const ok = (body: unknown): Reply => ({ status: 200, body });
export const created = (body: unknown): Reply => ({ status: 201, body });
export const noContent = (): Reply => ({ status: 204 });

/** Asynchronous operations answer 202 Accepted with the object in its transitional state. */
export function accepted(world: World, body: unknown): Reply {
  return { status: world.faults.has('async-returns-200') ? 200 : 202, body };
}

export function errorReply(err: unknown): Reply {
  if (err instanceof ApiError) return { status: err.status, body: { error: err.message } };
  return { status: 500, body: { error: `internal error: ${err instanceof Error ? err.message : String(err)}` } };
}
