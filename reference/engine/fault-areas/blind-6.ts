/**
 * The sixth batch of engine faults written without sight of the conformance checks, on the paths
 * real clients break on: `tail=all` read as a number, an old name still reserved after a rename,
 * a doubled slash kept from a `/name`, an unknown status filter value let through, stats refused
 * for a container that never ran, a string exec command refused, a deleted image, network or
 * volume name that lives on, an image filter on events that reads `from` only, removed
 * containers still counted by info, and the last frame of an attach stream lost.
 */
import { faultArea } from '../../faults.ts';

/** Sixth-batch blind faults: one per rule. */
export const BLIND_6_FAULTS = faultArea('blind', [
  {
    name: 'blind6-logs-tail-all-empty',
    description: 'logs?tail=all sends no line: "all" is parsed as a number, and the failed parse gives 0 (only an absent tail means every line)',
  },
  {
    name: 'blind6-rename-old-name-kept',
    description: 'after a rename the old name stays reserved: a create (or rename) taking it answers 409 although no container holds it',
  },
  {
    name: 'blind6-create-name-slash-doubled',
    description: 'a create (or rename) with a name given as /name stores //name: the slash is added without looking, so the name no longer finds it',
  },
  {
    name: 'blind6-filter-status-unknown-accepted',
    description: 'GET /containers/json with a status filter value that is no status answers 200 (an empty list) instead of refusing the bad parameter',
  },
  {
    name: 'blind6-stats-created-409',
    description: 'GET stats of a container that never ran answers 409 (not running) instead of a reading of an idle container',
  },
  {
    name: 'blind6-exec-cmd-string-refused',
    description: 'exec create with Cmd given as one string (not a list) answers 500: the body is decoded into a list of strings only',
  },
  {
    name: 'blind6-image-removed-found-by-name',
    description: 'a name removed by DELETE /images/(name) still resolves (a name cache not cleared): inspect, history and tag by it answer the old image',
  },
  {
    name: 'blind6-volume-name-reuse-refused',
    description: 'creating a volume with the name of a removed one answers 500: the removal left the volume directory, and the create finds it in the way',
  },
  {
    name: 'blind6-network-removed-found-by-name',
    description: 'a removed network is still found by its name (a name index not cleaned on delete): inspect by name answers 200',
  },
  {
    name: 'blind6-events-image-filter-from-only',
    description: "GET /events filter image= compares the value with the event's from only: the image's own events (tag, untag, delete...) never match",
  },
  {
    name: 'blind6-info-count-keeps-removed',
    description: 'GET /info Containers counts removed containers too: the counter is increased on create and never decreased on removal',
  },
  {
    name: 'blind6-attach-stream-last-frame-lost',
    description: 'attach?stream=1 ends without the last output of a container that exits (each write is held until the next one)',
  },
]);
