/**
 * The tenth batch of engine faults written without sight of the conformance checks, one per spec
 * sentence given: OOMKilled kept across a start, OomKillDisable lost on a second start, a network
 * connect by short container id refused, CapDrop names matched case-sensitively, the status
 * filter reading its last value only, noprune honoured only with force, an image tarball by short
 * id refused, commit changes reading the first instruction only, and ExtraHosts reduced to its
 * first entry.
 */
import { faultArea } from '../../faults.ts';

/** Tenth-batch blind faults: one per given sentence. */
export const BLIND_10_FAULTS = faultArea('blind', [
  {
    name: 'blind10-oom-killed-kept-after-start',
    description: 'a start keeps State.OOMKilled from the previous run: a container OOM-killed once shows OOMKilled true after a start that ran fine',
  },
  {
    name: 'blind10-oom-kill-disable-first-start-only',
    description: 'OomKillDisable is applied at the first start only: a restart or second start runs with the OOM killer enabled',
  },
  {
    name: 'blind10-connect-short-id-404',
    description: 'POST /networks/(id)/connect finds Container by full id or name only: a short (prefix) container id answers 404',
  },
  {
    name: 'blind10-cap-drop-case-sensitive',
    description: 'CapDrop names are compared as written (CapAdd is upper-cased): a lower-case name such as `net_raw` drops nothing',
  },
  {
    name: 'blind10-filter-status-last-value-only',
    description: 'GET /containers/json filters status with several values keeps the last one only (a map of key to one value)',
  },
  {
    name: 'blind10-noprune-needs-force',
    description: 'DELETE /images/(name) honours noprune only together with force: noprune alone still deletes the untagged parents',
  },
  {
    name: 'blind10-image-get-short-id-404',
    description: 'GET /images/(name)/get resolves references and full image ids only: a short image id answers 404',
  },
  {
    name: 'blind10-commit-changes-first-only',
    description: 'POST /commit reads the changes parameter once (query get, not getAll): only the first of several instructions is applied',
  },
  {
    name: 'blind10-extra-hosts-first-only',
    description: 'only the first ExtraHosts entry is written to /etc/hosts: the second and later hostname:IP pairs are missing',
  },
]);
