/**
 * The fifth batch of engine faults written without sight of the conformance checks, on the paths
 * real clients break on: a negative bound read as a slice, a removed container still found by its
 * name, a never-started container stopped "again", an unknown signal taken for the default one, a
 * tail dropped on the follow path, timestamps on one stream only, an event missing on the forced
 * removal path, past events replayed newest first, an empty exec command accepted, a tag removal
 * taken for an image removal, a delete of a missing volume taken as done, and a network type
 * filter read from the driver.
 */
import { faultArea } from '../../faults.ts';

/** Fifth-batch blind faults: one per rule. */
export const BLIND_5_FAULTS = faultArea('blind', [
  {
    name: 'blind5-list-limit-negative-slices',
    description: 'GET /containers/json?limit=-n slices the list like a negative index: all containers but the n oldest instead of no limit',
  },
  {
    name: 'blind5-removed-found-by-name',
    description: 'a removed container is still found by its name (a name index not cleaned on removal): inspect by name answers 200',
  },
  {
    name: 'blind5-stop-created-204',
    description: 'POST stop of a container that never ran answers 204 instead of 304 (only exited counts as already stopped)',
  },
  {
    name: 'blind5-kill-unknown-signal-sigkill',
    description: 'POST kill with a signal name the daemon does not know sends SIGKILL and answers 204 (a failed parse falls back to the default)',
  },
  {
    name: 'blind5-logs-follow-tail-ignored',
    description: 'logs?follow=1&tail=n replays every earlier line before the live ones: tail is applied on the one-shot path only',
  },
  { name: 'blind5-logs-timestamps-stdout-only', description: 'logs?timestamps=1 prefixes the stdout lines only: stderr lines come without their timestamp' },
  {
    name: 'blind5-destroy-event-missing-forced',
    description: 'DELETE ?force=1 of a running container emits no destroy event (the forced path returns after the kill)',
  },
  { name: 'blind5-events-past-newest-first', description: 'GET /events?since=<t> replays the past events newest first (the history read backwards)' },
  {
    name: 'blind5-exec-create-empty-cmd-201',
    description: 'exec create with an empty Cmd ([]) answers 201 instead of refusing it (the emptiness check is missing)',
  },
  {
    name: 'blind5-image-delete-tag-by-id',
    description:
      'DELETE /images/repo:tag is handled as a delete of the image id it names: 409 (referenced in several repositories) for an image with other tags, ' +
      'and with force=1 the image goes with all its tags, instead of untagging that one reference',
  },
  { name: 'blind5-volume-delete-missing-204', description: 'DELETE of a volume that does not exist (or was already removed) answers 204 instead of 404' },
  {
    name: 'blind5-network-type-filter-by-driver',
    description: 'GET /networks filter type= reads the driver: user-defined bridge networks count as builtin, so type=custom leaves them out',
  },
]);
