/**
 * Twentieth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-20.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_20_FAULTS = faultArea('blind', [
  {
    name: 'blind20-related-service-live-containers-only',
    description: 'include_related of a service takes in its live containers only: the actions of a container it terminated are missing',
  },
  {
    name: 'blind20-region-provider-filter-by-name',
    description: "the region list's provider filter compares with the provider's name: a provider URI matches no region",
  },
  {
    name: 'blind20-action-get-uuid-prefix',
    description: 'GET of one action looks the uuid up as a prefix (short ids): a truncated uuid answers an action instead of 404',
  },
  {
    name: 'blind20-vendor-auth-credentials-only',
    description: 'VENDOR_AUTH holds the base64 credentials without the Basic scheme: not the contents of an Authorization header',
  },
  {
    name: 'blind20-linked-from-service-reversed',
    description: "linked_from_service is written from the linked service's side: from_service is the service itself, to_service the one linking to it",
  },
  {
    name: 'blind20-container-dns-search-from-dns',
    description: "a container's dns_search is copied from its service's dns (a copy-paste slip): the search domains are lost",
  },
]);
