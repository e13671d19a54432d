import type { CloudTeeth } from './types.ts';

/**
 * Twenty-fifth blind batch (reference/cloud/fault-areas/blind-25.ts, catalog/cloud/blind-faults-25.json):
 * 5 of 7 caught at first.
 */
export const blind25Teeth: CloudTeeth[] = [
  { fault: 'blind25-nodetype-zones-null-when-none', catches: ['cloud/nodetype/get/returns-nodetype', 'cloud/nodetype/list/returns-nodetypes'] },
  { fault: 'blind25-repository-in-use-running-only', catches: ['cloud/repository/in-use'] },
  { fault: 'blind25-service-roles-shown-after-deploy', catches: ['cloud/service/create/enum-values-accepted'] },
  // Caught at first only under the terminate rules: the 202 of an asynchronous call was held to the actions' rule for some calls only.
  {
    fault: 'blind25-async-delete-204',
    catches: [
      'cloud/container/terminate/effect',
      'cloud/service/terminate/effect',
      'cloud/stack/terminate/terminates-services',
      'cloud/node/terminate/terminates',
      'cloud/nodecluster/terminate/terminates-nodes',
    ],
  },
  { fault: 'blind25-service-name-second-segment', catches: ['cloud/service/create/default-name-image-without-namespace'] },
  { fault: 'blind25-container-name-filter-service-name', catches: ['cloud/container/list/filter-name'] },
  // Missed at first: the container started was the first of its service, the one a start of "the first stopped" takes too.
  { fault: 'blind25-container-start-first-stopped', catches: ['cloud/container/start/effect'] },
];
