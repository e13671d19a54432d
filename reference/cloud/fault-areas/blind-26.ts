/**
 * Twenty-sixth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-26.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_26_FAULTS = faultArea('blind', [
  {
    name: 'blind26-az-region-uri-no-provider',
    description:
      "an availability zone's region URI is spelled from the region's name alone (/api/infra/v1/region/us-east-1/), without the provider: it names no region",
  },
  {
    name: 'blind26-events-path-trailing-slash-required',
    description: 'stream paths are matched with their trailing slash only: GET /api/audit/v1/events (as the spec spells it) answers 404, /events/ upgrades',
  },
  {
    name: 'blind26-every-node-skips-busy-nodes',
    description:
      'an EVERY_NODE service places a container only on the nodes that run no container at all (of any service), not on every node without one of its own',
  },
  {
    name: 'blind26-region-name-filter-dropped-with-provider',
    description: 'the region list applies the name filter only when no provider filter is given (if provider ... else if name ...)',
  },
  {
    name: 'blind26-node-get-terminated-404',
    description: 'GET of one node answers 404 once the node is Terminated, although the node list still shows it',
  },
  {
    name: 'blind26-region-node-types-of-provider',
    description: "a region's node_types list every node type of its provider, also those not offered in the region",
  },
  {
    name: 'blind26-container-outer-port-string',
    description: 'a container\'s allocated outer_port is a string ("32768", as the engine\'s HostPort), not an integer',
  },
]);
