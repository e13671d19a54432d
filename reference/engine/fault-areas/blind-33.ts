/**
 * The thirty-third batch of engine faults written without sight of the conformance checks, one per
 * given spec sentence: stats memory_stats without max_usage (a cgroup v2 reading has no peak file),
 * a 1.18 inspect HostConfig that echoes a map LxcConf as given instead of a list, a relative
 * CgroupParent placed under the daemon's default parent, an update that does not store CpusetMems,
 * udp ExposedPorts re-keyed with the default tcp protocol, a wait that finds only containers with a
 * live monitor (an exited one is 404), and xz build contexts read as plain tar.
 */
import { faultArea } from '../../faults.ts';

/** Thirty-third-batch blind faults: one per given sentence. */
export const BLIND_33_FAULTS = faultArea('blind', [
  {
    name: 'blind33-stats-max-usage-omitted',
    description:
      'stats memory_stats has no max_usage: the reading is taken the cgroup v2 way, which has no peak-usage file, and the field is ' +
      'left out (omitempty) in both versions; stats, usage, failcnt and limit are unchanged',
  },
  {
    name: 'blind33-inspect-lxc-conf-map-echoed',
    description:
      'container inspect HostConfig.LxcConf is echoed as the create request sent it: a 1.18 create with the map form ' +
      '({"lxc.utsname": "x"}) is shown as that map instead of a list of {Key, Value}; a list, an absent LxcConf ([]) are unchanged',
  },
  {
    name: 'blind33-cgroup-parent-relative-under-daemon',
    description:
      "a relative HostConfig.CgroupParent is joined to the daemon's default parent (/docker) instead of the init process's cgroup " +
      '(the root): CgroupParent `mygroup` places the container at /docker/mygroup/<id> (/proc/self/cgroup); an absolute parent and no parent are unchanged',
  },
  {
    name: 'blind33-update-cpuset-mems-dropped',
    description:
      '1.22 POST /containers/(id)/update answers 200 but does not store CpusetMems (the field is missing from the list of updatable ' +
      'resources): inspect HostConfig.CpusetMems and cpuset.mems keep their old value; the other nine fields are applied',
  },
  {
    name: 'blind33-exposed-port-udp-as-tcp',
    description:
      'create reads each ExposedPorts key as a port number and re-keys it with the default protocol: `53/udp` is stored and exposed ' +
      'as `53/tcp` (inspect Config.ExposedPorts, NetworkSettings.Ports, list Ports Type); tcp keys are unchanged',
  },
  {
    name: 'blind33-wait-exited-404',
    description:
      'POST /containers/(id)/wait finds the container among those with a live monitor (started, not yet ended): a container that ' +
      'has already exited, or was never started, answers 404 No such container instead of 200 {StatusCode}; a running one is unchanged',
  },
  {
    name: 'blind33-build-xz-context-unrecognized',
    description:
      'POST /build does not recognise the xz magic of its context (a missing case in the compression sniffing) and reads it as a ' +
      'plain tar: the build ends with an in-stream "Error processing tar file" error; identity, gzip and bzip2 contexts are unchanged',
  },
]);
