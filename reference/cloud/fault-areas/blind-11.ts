/**
 * Eleventh batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one rule of the Cloud Orchestration API document
 * (v1), one per sampled sentence. What each breaks, with the spec sentence, is data in
 * catalog/cloud/blind-faults-11.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_11_FAULTS = faultArea('blind', [
  {
    name: 'blind11-cluster-blank-region-defaulted',
    description: "a node cluster create whose region is null or empty takes the node type's first region: only a body without the key is refused",
  },
  {
    name: 'blind11-region-zones-null-when-none',
    description: 'a region without availability zones shows availability_zones null (a nil list) instead of []',
  },
  {
    name: 'blind11-repository-registry-filter-by-host',
    description: "the repository list's registry filter is compared with the registry host of the repository name: a registry URI matches nothing",
  },
  {
    name: 'blind11-cluster-default-disk-validated',
    description: 'the disk default (60) is filled in before the provider rule is checked: a create without disk is refused where disk is fixed or listed',
  },
]);
