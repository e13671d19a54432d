/**
 * The seventh batch of engine faults written without sight of the conformance checks, on the
 * paths real clients break on: no sizes for a container that never ran, a wait on a removed container answered,
 * a followed log of a stopped container left open, a log `since` read in whole seconds, the
 * 1.22 status values let through at 1.18, an exec never started missing from ExecIDs, an
 * untagged image that a delete keeps, an empty volume name kept, a removed container connected
 * to a network, an event type filter read from the attributes, a rename without its event and
 * never-run containers left out of the stopped count.
 */
import { faultArea } from '../../faults.ts';

/** Seventh-batch blind faults: one per rule. */
export const BLIND_7_FAULTS = faultArea('blind', [
  {
    name: 'blind7-inspect-size-omitted-never-ran',
    description:
      'GET /v1.22/containers/(id)/json?size=1 of a container that never ran has no SizeRw or SizeRootFs: the sizes are read from the layer of a first run',
  },
  {
    name: 'blind7-wait-removed-answers-last-code',
    description: 'POST /containers/(id)/wait on a removed container answers 200 with its last exit code (read from a cache of ended containers) instead of 404',
  },
  {
    name: 'blind7-logs-follow-exited-stays-open',
    description: 'logs?follow=1 of a container that is not running sends its log and then stays open (until a next run ends) instead of ending',
  },
  {
    name: 'blind7-logs-since-same-second-dropped',
    description: 'logs?since=T drops the lines written during second T: each line time is truncated to whole seconds and compared with > instead of >=',
  },
  {
    name: 'blind7-filter-status-1.18-takes-created',
    description: 'GET /v1.18/containers/json with status=created or status=dead answers 200 (the 1.22 value list is used at every version) instead of 400',
  },
  {
    name: 'blind7-exec-ids-unstarted-missing',
    description: 'container inspect ExecIDs leaves out an exec instance created but never started: the id is recorded on exec start instead of exec create',
  },
  {
    name: 'blind7-image-delete-untagged-kept',
    description:
      'DELETE /images/(id) of an image with no tag answers 200 with an empty list and keeps it: deletion is decided while untagging, and there is no tag',
  },
  {
    name: 'blind7-volume-create-empty-name-kept',
    description: 'POST /volumes/create with Name "" makes a volume named "" instead of generating a name: only an absent Name is generated',
  },
  {
    name: 'blind7-network-connect-removed-container-200',
    description: 'POST /networks/(id)/connect with the id or name of a removed container answers 200 (found in a cache of removed containers) instead of 404',
  },
  {
    name: 'blind7-events-type-filter-reads-attribute-type',
    description:
      "GET /events filter type= reads the actor's attribute type first: network events (whose type attribute is the driver) do not match type=network",
  },
  {
    name: 'blind7-events-rename-not-emitted',
    description: 'a container rename emits no rename event at 1.22: the rename path updates the name index and forgets the event',
  },
  {
    name: 'blind7-info-stopped-excludes-created',
    description: 'GET /v1.22/info ContainersStopped counts exited and dead containers only: a container that never ran is in no count',
  },
]);
