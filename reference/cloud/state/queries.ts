/** Read-only lookups across resources. */
import type { World } from '../world.ts';
import type { Container, Node, Service } from './model.ts';
import { pick } from './store.ts';

export const liveContainers = (world: World, svc: Service): Container[] => pick(world.store.containers, svc.containers).filter((c) => c.state !== 'Terminated');

export const liveContainersOnNode = (world: World, node: Node): Container[] =>
  [...world.store.containers.values()].filter((c) => c.nodeUuid === node.uuid && c.state !== 'Terminated');
