/**
 * The fourth batch of engine faults written without sight of the conformance checks: an off-by-one
 * bound, a zero read as "not given", an exit status read the wrong way, a repeated parameter read
 * once, a name match that drops its tag, a version rule applied to the other version, a stream that
 * loses its last live frame, an event missing on one path, a filter by one of its keys only, an
 * in-use check that counts running holders only, an exact match where a part was meant, a refusal
 * checked by name only, and a state counted in the wrong bucket.
 */
import { faultArea } from '../../faults.ts';

/** Fourth-batch blind faults: one per rule. */
export const BLIND_4_FAULTS = faultArea('blind', [
  { name: 'blind4-list-before-inclusive', description: 'GET /containers/json?before=<id> lists the before container itself among those created before it' },
  {
    name: 'blind4-filter-exited-zero-any-code',
    description: 'the container list filter exited=0 matches every exited container, whatever its exit code (0 read as "no code given")',
  },
  { name: 'blind4-wait-signal-exit-zero', description: 'POST wait answers StatusCode 0 for a container ended by a signal (exit codes above 128 read as 0)' },
  { name: 'blind4-build-t-repeat-last-only', description: '1.22 POST /build with t repeated names the image with the last t only' },
  {
    name: 'blind4-images-filter-tag-ignored',
    description: 'GET /images/json?filter=name:tag compares the repository only: every tag of that repository is listed',
  },
  { name: 'blind4-exec-1.18-paused-409', description: '1.18 exec create on a paused container answers 409 (the 1.22 refusal applied to 1.18 too)' },
  { name: 'blind4-exec-start-last-frame-lost', description: 'an attached exec start session ends without the last output the command wrote before it exited' },
  { name: 'blind4-logs-follow-last-line-lost', description: 'logs?follow=1 ends without the last output the container wrote before it exited' },
  {
    name: 'blind4-die-event-signal-exit-missing',
    description: 'no die event is emitted when a container ends by a signal (kill, stop); normal exits still emit it',
  },
  {
    name: 'blind4-events-container-filter-id-only',
    description: 'the events filter container=<name> matches nothing: only container ids (or id prefixes) are compared',
  },
  {
    name: 'blind4-volume-delete-held-by-stopped-204',
    description: 'DELETE of a volume mounted by a container that is not running answers 204 and removes it (only running holders count)',
  },
  { name: 'blind4-network-id-filter-exact', description: 'GET /networks filter id= matches whole ids only, not part of an id' },
  {
    name: 'blind4-network-predefined-by-id-deletable',
    description: 'DELETE of a pre-defined network named by its id answers 200 and removes it (the refusal compares names only)',
  },
  { name: 'blind4-info-paused-counted-running', description: '1.22 info counts paused containers in ContainersRunning and gives ContainersPaused 0' },
]);
