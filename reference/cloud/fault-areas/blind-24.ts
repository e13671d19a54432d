/**
 * Twenty-fourth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud API spec. What each
 * breaks, with the spec sentence, is data in catalog/cloud/blind-faults-24.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_24_FAULTS = faultArea('blind', [
  {
    name: 'blind24-net-host-with-ports-bridged',
    description: 'net host is dropped for a service with container_ports (taken to conflict with port mapping): its containers get a bridge network stack',
  },
  {
    name: 'blind24-container-stdin-open-with-tty',
    description: "a container's stdin_open is set together with tty (as `-it` sets both): a service with tty true, stdin_open false gives stdin_open true",
  },
  {
    name: 'blind24-exit-code-zero-null',
    description: 'a container that exited with code 0 shows exit_code null (the code is written with a falsy fallback); a non-zero code is shown',
  },
  {
    name: 'blind24-service-log-source-engine-name',
    description: "service log lines give in source the engine's container name, with its leading slash (/web-1), instead of the container's name",
  },
  {
    name: 'blind24-cluster-tags-merged-into-nodes',
    description: "PATCH tags of a node cluster replaces the cluster's tag list but adds the tags to each node's list: the nodes keep the tags they had",
  },
  {
    name: 'blind24-redeploy-skips-stopped-containers',
    description: 'service redeploy redeploys the containers that run only: a Stopped container of the service keeps its old configuration and stays Stopped',
  },
  {
    name: 'blind24-container-state-filter-live-only',
    description: 'the container list state filter runs over the live containers only: state=Terminated lists none, though the list shows terminated ones',
  },
]);
