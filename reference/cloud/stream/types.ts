/** What a Stream API handler receives: checked before the upgrade, run after it. */
import type { WebSocket } from 'ws';
import type { UriScope } from '../uris.ts';
import type { CloudUser } from '../users.ts';
import type { World } from '../world.ts';

export interface StreamContext {
  world: World;
  user: CloudUser;
  params: Record<string, string>;
  scope: UriScope;
  query: URLSearchParams;
}

/**
 * Validates the request (throwing ApiError answers it with that status instead of upgrading) and
 * returns the session to run on the upgraded socket.
 */
export type StreamHandler = (ctx: StreamContext) => (ws: WebSocket) => void;

export function sendJson(ws: WebSocket, value: unknown): void {
  if (ws.readyState === ws.OPEN) ws.send(JSON.stringify(value));
}
