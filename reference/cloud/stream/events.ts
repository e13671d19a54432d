/**
 * The events feed `/api/audit/v1/[ns/]events`: after the upgrade one `{"type": "auth"}` frame
 * (the subscription is live from then on), then one message per change in the namespace:
 * {type, action, parents, resource_uri, state, uuid, datetime (ISO 8601)}. Optional query
 * filters: `type`, `object` (a resource URI), `parent` (a URI among the parents).
 */
import { iso8601 } from '../dates.ts';
import type { CloudEvent } from '../state/events.ts';
import { sameResource } from '../uris.ts';
import type { World } from '../world.ts';
import type { WebSocket } from 'ws';
import { sendJson, type StreamHandler } from './types.ts';

export function eventMessage(world: World, e: CloudEvent): Record<string, unknown> {
  const message: Record<string, unknown> = {
    type: e.type,
    action: e.action,
    parents: e.parents,
    resource_uri: e.resource_uri,
    state: e.state,
    uuid: e.uuid,
    datetime: iso8601(e.date),
  };
  if (world.faults.has('event-no-parents')) delete message.parents;
  return message;
}

function wanted(world: World, query: URLSearchParams, e: CloudEvent): boolean {
  if (world.faults.has('event-filters-ignored')) return true;
  const type = query.get('type');
  const object = query.get('object');
  const parent = query.get('parent');
  return (
    (type === null || e.type === type) &&
    (object === null || sameResource(object, e.resource_uri)) &&
    (parent === null || e.parents.some((p) => sameResource(parent, p)))
  );
}

/** A message as JSON text (the fault events-plain-text sends its values as a line of words). */
function sendEvent(world: World, ws: WebSocket, message: Record<string, unknown>): void {
  if (!world.faults.has('events-plain-text')) {
    sendJson(ws, message);
    return;
  }
  if (ws.readyState === ws.OPEN)
    ws.send(
      Object.values(message)
        .filter((v) => typeof v === 'string')
        .join(' '),
    );
}

export const eventsStream: StreamHandler =
  ({ world, scope, query }) =>
  (ws) => {
    const unsubscribe = world.events.subscribe((e) => {
      if (e.namespace === scope.namespace && wanted(world, query, e)) sendEvent(world, ws, eventMessage(world, e));
    });
    ws.on('close', unsubscribe);
    sendEvent(world, ws, { type: 'auth' });
  };
