/** Spec: Nodes > list, Query `state` (Deploying, ..., Upgrading, Terminating, ...): the transitional values too. */
import { NODES } from '../support/infra.ts';
import { caughtStateListedCheck } from '../support/transitional-filter.ts';
import { reachNode } from './states.ts';

const TRANSITIONAL = { Deploying: 'deploying', Upgrading: 'upgrading', Terminating: 'terminating' } as const;

export default Object.entries(TRANSITIONAL).map(([state, row]) =>
  caughtStateListedCheck({ view: 'node', path: NODES, requirement: 'cloud/node/list/filter-state', state, reach: reachNode[row]! }),
);
