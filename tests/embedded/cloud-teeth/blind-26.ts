import type { CloudTeeth } from './types.ts';

/**
 * Twenty-sixth blind batch (reference/cloud/fault-areas/blind-26.ts, catalog/cloud/blind-faults-26.json):
 * 3 of 7 caught at first, 1 elsewhere; all 7 now.
 */
export const blind26Teeth: CloudTeeth[] = [
  {
    fault: 'blind26-az-region-uri-no-provider',
    catches: [
      'cloud/infra/cross-references',
      'cloud/az/get/returns-az',
      'cloud/az/list/returns-azs',
      'cloud/az/list/filter-region',
      'cloud/region/list/returns-regions',
    ],
  },
  {
    fault: 'blind26-events-path-trailing-slash-required',
    catches: [
      'cloud/stream/events/endpoint',
      'cloud/auth/stream-basic-on-upgrade',
      'cloud/auth/stream-without-credentials-refused/every-endpoint',
      'cloud/auth/global-role-vendor-auth',
    ],
  },
  // Missed at first: the EVERY_NODE service was started on nodes that ran nothing else.
  { fault: 'blind26-every-node-skips-busy-nodes', catches: ['cloud/deployment/every-node-one-per-node'] },
  // Missed at first: a 404 for the Terminated node was read as a failed set-up (blocked by the GET's requirement), never as its breach.
  { fault: 'blind26-node-get-terminated-404', catches: ['cloud/errors/after-terminate/node'] },
  { fault: 'blind26-region-node-types-of-provider', catches: ['cloud/infra/cross-references'] },
  // Missed at first: no list but the app lists and node clusters had its filters given together.
  { fault: 'blind26-region-name-filter-dropped-with-provider', catches: ['cloud/region/list/filter-combinations'] },
  // Caught elsewhere: the string outer_port breaks the container schema (the judge of every exchange) and the dynamic port check.
  // Caught elsewhere at first: the container GET check's service published no port, so no container port was there to judge.
  { fault: 'blind26-container-outer-port-string', catches: ['cloud/container/get/returns-container', 'cloud/service/create/default-port-outer-port-dynamic'] },
];
