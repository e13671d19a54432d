/** Named faults of the engine reference daemon about volumes, networks and the archive endpoints. */
import { faultArea } from '../../faults.ts';

/** Volumes: create, inspect, delete. */
export const VOLUME_FAULTS = faultArea('volumes', [
  { name: 'volume-delete-in-use-204', description: 'DELETE of a volume used by a container answers 204 instead of 409' },
  { name: 'volume-missing-500', description: 'an unknown volume name answers 500 instead of 404' },
  { name: 'volume-name-required', description: 'volume create without a Name answers 500 instead of generating one' },
  { name: 'volume-driver-default-empty', description: 'a volume created without a Driver has Driver "" instead of local' },
  {
    name: 'volume-driver-opts-dropped',
    description:
      'volume create with DriverOpts answers 201 but does not pass them to the driver (the volume is a plain directory): no client can tell ' +
      'it from a local driver that takes no options and ignores those passed, which the spec allows (it defines no option of any driver)',
  },
  { name: 'volume-delete-keeps-volume', description: 'DELETE of a volume answers 204 but the volume remains' },
]);

/** Networks: create, inspect, connect, disconnect, delete. */
export const NETWORK_FAULTS = faultArea('networks', [
  { name: 'network-delete-predefined-200', description: 'DELETE of a pre-defined network (bridge, host, none) answers 200 instead of 403' },
  { name: 'network-missing-500', description: 'an unknown network id or name answers 500 instead of 404' },
  { name: 'network-containers-no-Name', description: 'network inspect Containers entries carry no Name' },
  { name: 'network-options-dropped', description: 'networks show empty Options (the bridge options and those given at create are not shown)' },
  {
    name: 'bridge-options-bare-keys',
    description: 'the pre-defined bridge network shows its driver options without their namespace (default_bridge, enable_icc, ..., mtu)',
  },
  { name: 'network-plugin-missing-500', description: 'network create with a driver no plugin provides answers 500 instead of 404' },
  { name: 'network-inspect-newest', description: 'GET /networks/(id or name) answers the most recently created network, whichever is named' },
  { name: 'network-name-optional', description: 'network create without a Name creates a network (201) instead of refusing' },
  { name: 'network-check-duplicate-ignored', description: 'network create ignores CheckDuplicate and creates a second network with the same name' },
  { name: 'network-driver-default-overlay', description: 'a network created without a Driver uses the overlay driver instead of bridge' },
  { name: 'network-ipam-config-ignored', description: 'network create ignores the IPAM Config given and allocates its own subnet' },
  { name: 'network-internal-refused', description: 'network create with Internal true answers 500' },
  { name: 'network-connect-ignored', description: 'network connect answers 200 but does not connect the container' },
  { name: 'network-connect-by-id-only', description: 'POST /networks/(name)/connect answers 404 for a network name: connect resolves identifiers only' },
  { name: 'network-endpoint-config-ignored', description: 'network connect ignores EndpointConfig (the IPv4Address asked for is not given)' },
  { name: 'network-disconnect-ignored', description: 'network disconnect answers 200 but the container stays connected' },
  { name: 'network-delete-keeps-network', description: 'DELETE of a custom network answers 200 but the network remains' },
  { name: 'network-delete-in-use-403', description: 'DELETE of a custom network in use answers 403, the code listed for pre-defined networks' },
  { name: 'networking-config-ignored', description: '1.22 create ignores NetworkingConfig: the endpoint gets no Aliases, Links or IPAMConfig' },
  {
    name: 'network-ipam-addresses-from-pool',
    description:
      'a network created with an IPAM Config shows it as given, but its containers get addresses and a gateway from the default pool (172.18.0.0/16)',
  },
  {
    name: 'network-mode-bridge-unattached',
    description: 'a create with NetworkMode bridge sent explicitly stores bridge but attaches the container to no network (only lo), as for none',
  },
  {
    name: 'network-mode-custom-default-network',
    description: '1.22 create with NetworkMode naming a custom network and no NetworkingConfig entry for it puts the container on the default bridge network',
  },
]);

/** Archive: HEAD, GET and PUT of /containers/(id)/archive and its path-stat header. */
export const ARCHIVE_FAULTS = faultArea('archive', [
  { name: 'archive-no-stat-header', description: 'archive HEAD/GET omit the path-stat header' },
  {
    name: 'archive-get-stat-of-parent',
    description: "archive GET's path-stat header describes the directory holding the resource (HEAD's is right): name and size of the parent",
  },
  { name: 'archive-errors-text', description: 'archive 400/404 answers for an empty path or a missing container carry a text body, not JSON' },
  { name: 'archive-dot-ignored', description: 'archive GET treats a trailing /. like the directory itself' },
  { name: 'archive-put-overwrite-unchecked', description: 'archive PUT ignores noOverwriteDirNonDir' },
  { name: 'archive-put-readonly-allowed', description: 'archive PUT extracts into a read-only root filesystem (200) instead of 403' },
  {
    name: 'archive-put-overwrite-refused-after',
    description: 'archive PUT with noOverwriteDirNonDir=1 answers 400 but has already replaced the directory or file',
  },
  { name: 'archive-put-readonly-volume-allowed', description: 'archive PUT extracts into a volume mounted read-only (200) instead of 403' },
  { name: 'archive-relative-path-refused', description: 'archive endpoints refuse a relative path (400) instead of taking it from the container root' },
  { name: 'archive-symlink-not-followed', description: 'archive GET of a symlink sends the link itself, not its target' },
  {
    name: 'archive-special-paths-copied',
    description: 'archive GET under /proc, /sys or /dev answers 200 with a tar of what the running container sees there (/proc/self/status with its content)',
  },
  { name: 'archive-user-mount-copied', description: "archive GET of a path in a bind or volume mount answers 200 with a tar of the mount's contents" },
  { name: 'archive-not-dir-500', description: 'archive GET/PUT answer 500 instead of 400 when the path is a file where a directory is needed' },
  { name: 'archive-missing-path-500', description: 'archive GET/PUT answer 500 instead of 404 for a path that does not exist' },
  { name: 'archive-put-not-extracted', description: 'archive PUT answers 200 without extracting the tar' },
  {
    name: 'archive-own-layer',
    description: 'archive GET/PUT work on a layer of their own over the image: programs never see what PUT put, GET never shows what they wrote',
  },
  {
    name: 'archive-put-overwrite-default-on',
    description: 'archive PUT without noOverwriteDirNonDir refuses to replace a directory with a file (the flag defaults to true)',
  },
  {
    name: 'archive-put-conflict-skipped',
    description: 'archive PUT without noOverwriteDirNonDir answers 200 but keeps a directory or file the tar would replace with the other kind',
  },
  { name: 'archive-head-has-body', description: 'archive HEAD sends the tar archive as a body after the header' },
  {
    name: 'archive-path-missing-root',
    description:
      "archive HEAD/GET/PUT without a `path` parameter take the root (a `path || '/'` default): GET archives the whole filesystem, PUT extracts into /; " +
      'an empty path= is still refused 400',
  },
]);
