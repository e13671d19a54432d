/**
 * Thirteenth batch of faults written without reading the checks: each one is a bug a real
 * implementation plausibly has, at the point of one given rule of the Cloud Orchestration API
 * document (v1). What each breaks, with the spec sentence, is data in
 * catalog/cloud/blind-faults-13.json.
 */
import { faultArea } from '../../faults.ts';

export const BLIND_13_FAULTS = faultArea('blind', [
  {
    name: 'blind13-privileged-lost-on-redeploy',
    description: "a redeploy rebuilds each container's definition with privileged at its zero value: redeployed containers run unprivileged",
  },
  {
    name: 'blind13-provider-options-iam-dropped',
    description: 'a node cluster create keeps only the vpc part of the aws provider_options: iam {instance_profile_name} is dropped',
  },
  {
    name: 'blind13-binding-readonly-host-path-only',
    description: 'rewritable false is applied only to a host_path bind (as `:ro`): a volume binding with rewritable false stays writable',
  },
  {
    name: 'blind13-exec-user-root',
    description: "a container exec runs as root instead of the service's user (the exec names the user instead of inheriting it)",
  },
  {
    name: 'blind13-exec-missing-container-upgraded',
    description: 'container exec looks the container up after the upgrade: an unknown uuid gets a session with an error output and EOF, not 404',
  },
]);
