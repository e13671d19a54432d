/**
 * The thirty-first batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: pause and unpause answering 404 for a container without a live process, an
 * export that finds containers by identifier only, a search index filled at the first search and
 * never refreshed, a container list limit applied before the filters, 1.18 capability drops read
 * from the prose's `Capdrop` key, the bridge MTU option under the bridge namespace, and a create name
 * conflict found by id prefix.
 */
import { faultArea } from '../../faults.ts';

/** Thirty-first-batch blind faults: one per given sentence. */
export const BLIND_31_FAULTS = faultArea('blind', [
  {
    name: 'blind31-pause-not-running-404',
    description:
      'POST pause and unpause of a container that exists but has no running process (created, exited) answer 404 (no such ' +
      'container, as the runtime keyed by container id says) instead of 500; pause and unpause of a running or paused container ' +
      'and the 404 of a missing one are unchanged',
  },
  {
    name: 'blind31-export-by-name-404',
    description:
      'GET /containers/(id or name)/export finds the container by its identifier only (the full id or a prefix of it): a ' +
      'container name answers 404; export by id and the other endpoints by name are unchanged',
  },
  {
    name: 'blind31-search-index-first-search',
    description:
      'GET /images/search answers from an index of the registry filled at the first search and never refreshed: a repository ' +
      'pushed after the first search is never in the results (200 [] for its name); repositories there at the first search, ' +
      'the result keys and the 500 of an unreachable registry are unchanged',
  },
  {
    name: 'blind31-list-limit-before-filters',
    description:
      'GET /containers/json applies `limit` before `filters`: the last created containers are taken, then filtered, so ' +
      'limit=1 with a label (status, exited) filter answers [] when the newest container does not match though older ones do; ' +
      'limit without filters and filters without limit are unchanged',
  },
  {
    name: 'blind31-cap-drop-1.18-prose-key',
    description:
      '1.18 reads HostConfig capability drops from the key the 1.18 prose spells, `Capdrop`: a `CapDrop` list in a 1.18 create ' +
      '(or start) body is ignored (the capability stays, inspect HostConfig.CapDrop null); CapAdd and the 1.22 CapDrop are unchanged',
  },
  {
    name: 'blind31-bridge-mtu-bridge-namespace',
    description:
      'A bridge network reports its MTU option under the bridge namespace: Options has `com.<vendor>.network.bridge.mtu` ' +
      "instead of `com.<vendor>.network.driver.mtu` (same value: 1500 on the pre-defined bridge, a custom bridge network's own " +
      'driver.mtu option too); the other bridge keys, the host and none networks and the MTU itself are unchanged',
  },
  {
    name: 'blind31-create-name-conflict-id-prefix',
    description:
      'POST /containers/create looks the requested `name` up as a container reference (id, name, then unique id prefix): a free ' +
      'name made of hex digits that starts another container id (e.g. `a` or `3f`) answers 409 (name already assigned); ' +
      'other names and the 409 of a name that is taken are unchanged',
  },
]);
