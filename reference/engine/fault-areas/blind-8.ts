/**
 * The eighth batch of engine faults written without sight of the conformance checks, one per
 * spec sentence given: a tty allocated only with an open stdin, a port's second binding not
 * published, a device node with the data of its container path, the list NetworkMode read from
 * the first network, a second network's prefix and gateway copied from the primary one, a path
 * stat linkTarget as the link was written, memory_stats.limit 0 without a limit, a restart `t`
 * read as nanoseconds, DELETE v=1 removing the volumes of a container it then refuses, a
 * disconnect that finds its container by id only, a bare "/" name taken as no name, a
 * MemorySwappiness of 0 stored as unset, and generated volume names that repeat within a second.
 */
import { faultArea } from '../../faults.ts';

/** Eighth-batch blind faults: one per rule. */
export const BLIND_8_FAULTS = faultArea('blind', [
  {
    name: 'blind8-tty-needs-open-stdin',
    description: 'Tty true gives the process a terminal only when OpenStdin is set too: with stdin closed the command runs without a tty',
  },
  {
    name: 'blind8-port-bindings-first-only',
    description: 'PortBindings publishes the first binding of each port only: a second HostPort for the same container port is dropped',
  },
  {
    name: 'blind8-devices-node-from-container-path',
    description: 'a Devices node is made from PathInContainer instead of PathOnHost: a host device mapped under another name reads as that name',
  },
  {
    name: 'blind8-list-network-mode-first-network',
    description: "GET /v1.22/containers/json HostConfig.NetworkMode is the name of the container's first network ('bridge' for 'default')",
  },
  {
    name: 'blind8-networks-prefix-of-primary',
    description: "inspect and list NetworkSettings.Networks give every network the primary network's IPPrefixLen and Gateway",
  },
  {
    name: 'blind8-path-stat-link-target-raw',
    description: 'the archive path stat linkTarget of a symlink is the target as written in the link (os.Readlink), not the resolved absolute path',
  },
  {
    name: 'blind8-memory-limit-zero-unlimited',
    description: 'stats memory_stats.limit is 0 for a container without a Memory limit (the HostConfig value) instead of the host memory',
  },
  {
    name: 'blind8-restart-t-nanoseconds',
    description: 'POST /containers/(id)/restart?t=N waits N nanoseconds (time.Duration(t) without * time.Second): the kill comes at once',
  },
  {
    name: 'blind8-delete-v-before-running-check',
    description: 'DELETE /containers/(id)?v=1 of a running container without force removes its volumes before refusing the container (409)',
  },
  {
    name: 'blind8-disconnect-container-by-id-only',
    description: 'POST /networks/(id)/disconnect finds Container by id (or id prefix) only: a container name answers 404',
  },
  {
    name: 'blind8-name-bare-slash-generated',
    description: 'POST /containers/create?name=/ makes a container with a generated name (the slash is stripped first, "" means no name) instead of 400',
  },
  {
    name: 'blind8-swappiness-zero-unset',
    description: 'HostConfig.MemorySwappiness 0 is stored as -1 (unset): a zero value is taken for an absent one',
  },
  {
    name: 'blind8-volume-generated-name-repeats',
    description: 'POST /volumes/create without Name generates the name from the current second: a second create in the same second returns the first volume',
  },
]);
