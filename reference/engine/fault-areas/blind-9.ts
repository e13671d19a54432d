/**
 * The ninth batch of engine faults written without sight of the conformance checks, one per spec
 * sentence sampled (seed 1703): a detached exec start that answers once the command exits,
 * AttachStderr read from AttachStdout, ExtraHosts split on every colon, image inspect of a bare
 * name answered by any tag of the repository, network Containers listing members without an
 * endpoint, Tmpfs options dropped, search results with zero values omitted, history by image id
 * 404, an exec start Tty or-ed with the create's, X-Registry-Config URL keys unmatched, an attach
 * stream of a created container that ends at once, and volumes found by a name prefix.
 */
import { faultArea } from '../../faults.ts';

/** Ninth-batch blind faults: one per sampled sentence. */
export const BLIND_9_FAULTS = faultArea('blind', [
  {
    name: 'blind9-exec-start-detach-waits',
    description: 'POST /exec/(id)/start with Detach true answers 200 only once the command has exited, instead of right after starting it',
  },
  {
    name: 'blind9-attach-stderr-of-stdout',
    description: 'create stores Config.AttachStderr from the AttachStdout key: AttachStdout true, AttachStderr false gives both true',
  },
  {
    name: 'blind9-extra-hosts-split-every-colon',
    description: 'an ExtraHosts entry is split on every colon: the /etc/hosts address of `host:IPv6` is the text up to its second colon',
  },
  {
    name: 'blind9-image-inspect-bare-name-any-tag',
    description: 'GET /images/(name)/json of a name without tag whose :latest does not exist answers the first image of the repository',
  },
  {
    name: 'blind9-network-containers-any-member',
    description: 'GET /networks/(id) Containers lists every member container, also those without an endpoint (created or stopped)',
  },
  {
    name: 'blind9-tmpfs-options-dropped',
    description: 'HostConfig.Tmpfs values (the mount options strings) are dropped: each tmpfs is mounted with the default options only',
  },
  {
    name: 'blind9-search-zero-values-omitted',
    description: 'image search items leave out zero values (omitempty): star_count 0, is_official and is_automated false, empty description',
  },
  {
    name: 'blind9-history-by-id-404',
    description: 'GET /images/(name)/history resolves repository references only: an image id (full, sha256: or short) answers 404',
  },
  {
    name: 'blind9-exec-start-tty-or-create',
    description: 'the exec start Tty is or-ed with the create Tty: a start with Tty false of an exec created with Tty true streams raw, unframed',
  },
  {
    name: 'blind9-registry-config-url-key-unmatched',
    description: 'X-Registry-Config keys of private registries are compared as written: a `https://host:port/` key gives no credentials',
  },
  {
    name: 'blind9-attach-created-stream-ends',
    description: 'attach with stream=1 to a created (not yet started) container ends at once: the output of its later start is not sent',
  },
  {
    name: 'blind9-volume-found-by-prefix',
    description: 'GET/DELETE /volumes/(name) resolve a prefix of a volume name (like container ids): an unknown name that prefixes one answers 200',
  },
]);
