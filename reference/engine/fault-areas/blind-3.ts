/**
 * The third batch of engine faults written without sight of the conformance checks: zero states
 * (nothing listed, nothing changed), use after delete, negative and boundary inputs, streams, and
 * one instance of a general rule broken while the others hold.
 */
import { faultArea } from '../../faults.ts';

/** Third-batch blind faults: one per rule. */
export const BLIND_3_FAULTS = faultArea('blind', [
  { name: 'blind3-list-empty-null', description: 'GET /containers/json answers null instead of [] when no container is listed' },
  { name: 'blind3-changes-empty-null', description: 'GET changes of a container that changed nothing answers null instead of []' },
  { name: 'blind3-volumes-empty-null', description: 'GET /volumes gives Volumes null instead of [] when no volume is listed' },
  { name: 'blind3-list-ports-null', description: 'a container list item gives Ports null for a container without exposed or published ports' },
  {
    name: 'blind3-list-limit-running-only',
    description: 'GET /containers/json?limit=n without all counts running containers only: the exited ones are left out',
  },
  { name: 'blind3-filter-status-exited-created', description: 'the container list filter status=exited also matches containers never started (created)' },
  { name: 'blind3-stop-paused-304', description: 'POST stop of a paused container answers 304 and leaves it paused (paused is taken as not running)' },
  { name: 'blind3-logs-tail-per-stream', description: 'logs?tail=n keeps the last n lines of stdout and the last n of stderr (up to 2n lines)' },
  { name: 'blind3-images-untagged-repotags-null', description: 'GET /images/json gives RepoTags null for an image without tags' },
  { name: 'blind3-images-labels-null', description: '1.22 GET /images/json gives Labels null for an image without labels' },
  { name: 'blind3-images-list-per-tag', description: 'GET /images/json lists an image once per tag, each item with that one tag' },
  {
    name: 'blind3-update-swap-unchecked',
    description: '1.22 POST update accepts a MemorySwap smaller than Memory (200) where create refuses it with 400',
  },
  {
    name: 'blind3-events-filters-any-key',
    description: 'GET /events keeps an event that matches any one filter key: type=image&event=create lets container create events through',
  },
  { name: 'blind3-config-labels-null', description: 'container inspect gives Config.Labels null for a container created without labels' },
  {
    name: 'blind3-volume-held-by-removed-container',
    description: 'a volume that a removed container mounted stays in use: DELETE /volumes answers 409 and dangling=true leaves it out',
  },
  { name: 'blind3-state-started-no-fraction', description: 'inspect State.StartedAt and FinishedAt are ISO 8601 strings without fractional seconds' },
  {
    name: 'blind3-events-until-empty-open',
    description: 'GET /events with since and an until already past keeps the stream open when no event falls in the window',
  },
  { name: 'blind3-logs-tty-framed', description: 'logs of a Tty container are multiplexed into frames (attach and exec send the raw tty data)' },
  { name: 'blind3-frame-size-16bit', description: 'a multiplexed frame header carries only the low 16 bits of a payload size above 65535 bytes' },
]);
