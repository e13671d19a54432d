/**
 * Twelfth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud Orchestration API
 * document (v1). What each breaks, with the spec sentence, is data in
 * catalog/cloud/blind-faults-12.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_12_FAULTS = faultArea('blind', [
  {
    name: 'blind12-stream-key-prefix-accepted',
    description: "the Stream API compares the API key over the length of the key sent: a prefix of the user's key (even an empty one) is accepted",
  },
  {
    name: 'blind12-service-patch-clears-links',
    description: 'a service PATCH without linked_to_service assigns the nil link list like a sent one: the links are cleared',
  },
  {
    name: 'blind12-registry-vendor-means-seeded',
    description: 'is_vendor_registry says whether the vendor put the registry in the list: the seeded third-party registry reads true',
  },
  {
    name: 'blind12-scale-emptiest-among-service-nodes',
    description: 'a scale of an EMPTIEST_NODE service looks for the emptiest node among those the service already runs on, not all its nodes',
  },
  {
    name: 'blind12-private-ip-per-service-pool',
    description: 'each service allocates private_ip from its own pool: containers of different services get the same address',
  },
]);
