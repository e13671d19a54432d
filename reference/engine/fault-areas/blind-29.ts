/**
 * The twenty-ninth batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: a 1.18 LxcConf map that fails to decode, a restart that stops without the t it
 * was given, 1.22 stats interfaces without their dropped counters, an image Env entry kept over the
 * create's for the same name, a list `since` that leaves out the non-running containers, 1.22 events
 * of the kinds only 1.22 lists with an empty status, and an image digest reference taken for an image id.
 */
import { faultArea } from '../../faults.ts';

/** Twenty-ninth-batch blind faults: one per given sentence. */
export const BLIND_29_FAULTS = faultArea('blind', [
  {
    name: 'blind29-lxc-conf-map-undecodable',
    description:
      'A 1.18 create (or start) HostConfig whose LxcConf is a map of LXC settings ({"lxc.utsname": "x"}) is decoded into a list of ' +
      '{Key, Value} only and fails: 500 `json: cannot unmarshal object into Go value of type []utils.KeyValuePair`; the list form, ' +
      'an absent or null LxcConf and 1.22 are unchanged',
  },
  {
    name: 'blind29-restart-t-not-passed',
    description:
      'POST /containers/(id)/restart?t=N stops the container without the t it was given: the default 10 s are waited before the kill ' +
      'whatever N says (a container ignoring the stop signal restarts after 10 s for t=1, and is killed after 10 s for t=30); ' +
      'the answer (204), stop?t=N and a container that exits on the stop signal are unchanged',
  },
  {
    name: 'blind29-stats-networks-dropped-missing',
    description:
      'The 1.22 stats `networks` map gives each interface its counters without rx_dropped and tx_dropped (six of the eight fields of ' +
      "the 1.18 `network` object); the interface names, the other counters and 1.18's `network` are unchanged",
  },
  {
    name: 'blind29-env-image-entry-wins',
    description:
      "A create's Env entry for a variable the image already sets (PATH on busybox) is dropped in favour of the image's: Config.Env and " +
      "the process environment keep the image's value; variables the image does not set are added as before",
  },
  {
    name: 'blind29-list-since-running-only',
    description:
      'GET /containers/json?since=<id> bounds the list to the containers created after <id> but does not bring in the non-running ones ' +
      '(all stays false): an exited container created since is left out; since with all=1, limit and before are unchanged',
  },
  {
    name: 'blind29-events-1.22-new-kinds-status-empty',
    description:
      'A 1.22 event whose kind only the 1.22 column lists (container attach, rename, resize, top, update, commit, copy; image tag, ' +
      'import, pull, push) carries an empty `status` (the legacy field is filled from the 1.18 kinds); its Action is the kind as ' +
      'before, and the kinds both versions list (create, start, die, ...) are unchanged',
  },
  {
    name: 'blind29-image-digest-ref-as-image-id',
    description:
      'A `repo@sha256:<hex>` reference is resolved by taking the digest for the image id instead of a manifest digest in RepoDigests: ' +
      'a digest from the RepoDigests of GET /images/json?digests=1 references no image (GET /images/<ref>/json 404, create 404); ' +
      'tags, ids and short ids are unchanged',
  },
]);
