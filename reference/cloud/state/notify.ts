/**
 * State changes and the events they emit. A resource's parents (for the event feed): a
 * container's service, stack, node and node cluster; a service's stack; a node's node cluster;
 * an action's object.
 */
import type { Action } from '../actions/action.ts';
import type { World } from '../world.ts';
import type { CloudEvent } from './events.ts';
import type { Resource } from './model.ts';

function uriOf(world: World, kind: 'stack' | 'service' | 'node' | 'nodecluster', uuid: string | null | undefined): string[] {
  if (!uuid) return [];
  const map = { stack: world.store.stacks, service: world.store.services, node: world.store.nodes, nodecluster: world.store.nodeClusters }[kind];
  const found = map.get(uuid);
  return found ? [found.resource_uri] : [];
}

function parentsOf(world: World, r: Resource): string[] {
  switch (r.kind) {
    case 'container': {
      const service = world.store.services.get(r.serviceUuid);
      const node = world.store.nodes.get(r.nodeUuid);
      return [
        ...uriOf(world, 'service', r.serviceUuid),
        ...uriOf(world, 'stack', service?.stackUuid),
        ...uriOf(world, 'node', r.nodeUuid),
        ...uriOf(world, 'nodecluster', node?.clusterUuid),
      ];
    }
    case 'service':
      return uriOf(world, 'stack', r.stackUuid);
    case 'node':
      return uriOf(world, 'nodecluster', r.clusterUuid);
    default:
      return [];
  }
}

export function announce(world: World, r: Resource, action: CloudEvent['action']): void {
  world.events.publish({
    type: r.kind,
    action,
    parents: parentsOf(world, r),
    resource_uri: r.resource_uri,
    state: r.state,
    uuid: r.uuid,
    date: world.clock.now(),
    namespace: r.scope.namespace,
  });
}

export function announceAction(world: World, a: Action, action: CloudEvent['action']): void {
  world.events.publish({
    type: 'action',
    action,
    parents: [a.object],
    resource_uri: a.resource_uri,
    state: a.state,
    uuid: a.uuid,
    date: world.clock.now(),
    namespace: a.namespace,
  });
}

/** Moves a resource to a state and tells the feed (reaching Terminated is a delete). */
export function setState<R extends Resource>(world: World, r: R, state: R['state']): void {
  if (r.state === state) return;
  r.state = state;
  announce(world, r, state === 'Terminated' ? 'delete' : 'update');
}
