/** Spec: Node clusters > list, Query `state` (Init, Deploying, ..., Scaling, Terminating, ...): the transitional values too. */
import { CLUSTERS } from '../support/infra.ts';
import { caughtStateListedCheck } from '../support/transitional-filter.ts';
import { reachCluster } from './states.ts';

const TRANSITIONAL = { Deploying: reachCluster.deploying, Scaling: reachCluster.scaling, Terminating: reachCluster.terminating } as const;

export default Object.entries(TRANSITIONAL).map(([state, reach]) =>
  caughtStateListedCheck({ view: 'node-cluster', path: CLUSTERS, requirement: 'cloud/nodecluster/list/filter-state', state, reach }),
);
