/**
 * The eleventh batch of engine faults written without sight of the conformance checks, one per
 * sampled spec sentence and two on the status filter of a container waiting out its restart delay:
 * a missing build file answered 404, a network's member name kept from before a rename, the
 * `local` volume driver looked up as a plugin, the `repositories` file split at the first colon,
 * blkio_stats null for a container not running, an empty search answered null, and a restarting
 * container filtered as running (1.18) or as exited (1.22).
 */
import { faultArea } from '../../faults.ts';

/** Eleventh-batch blind faults: one per sampled sentence, two on the restarting status filter. */
export const BLIND_11_FAULTS = faultArea('blind', [
  {
    name: 'blind11-build-missing-file-404',
    description: 'POST /build answers 404 (not found) before streaming when the build file is not in the context, a code build does not list',
  },
  {
    name: 'blind11-network-container-name-stale',
    description: 'network inspect Containers entries carry the name the container had when its endpoint was activated: a rename is not shown',
  },
  {
    name: 'blind11-volume-driver-local-plugin-lookup',
    description: '1.22 create with VolumeDriver `local` and a volume looks `local` up as a plugin and answers 500 (plugin not found)',
  },
  {
    name: 'blind11-save-repositories-split-first-colon',
    description: 'the image tarball `repositories` file splits name:tag at the first colon: a repository with a registry host:port is recorded wrongly',
  },
  {
    name: 'blind11-stats-blkio-null-not-running',
    description: 'stats readings of a container that is not running carry blkio_stats null (no cgroup was read) instead of an object',
  },
  {
    name: 'blind11-search-no-match-null',
    description: 'GET /images/search with no matching repository answers null (a nil list) instead of []',
  },
  {
    name: 'blind11-filter-status-1.18-restarting-as-running',
    description:
      '1.18 GET /containers/json status filter derives the status from the Running flag first: a restarting container matches running, not restarting',
  },
  {
    name: 'blind11-filter-status-1.22-restarting-as-exited',
    description:
      '1.22 GET /containers/json status filter reads a container waiting out its restart delay as exited (no process): it matches exited, not restarting',
  },
]);
