/**
 * The requirement whose check reports the refusal of each set-up operation: a check whose set-up
 * the target refused is blocked by it (skipped naming that cause), not failed.
 */
import type { ViewName } from './views.generated.ts';

/** The views a check creates with POST. */
type CreatedView = 'service' | 'stack' | 'node-cluster' | 'external-repository';

/** POST of a resource: it is created and returned. */
export const CREATES: Record<CreatedView, string> = {
  service: 'cloud/service/create/returns-service',
  stack: 'cloud/stack/create/returns-stack',
  'node-cluster': 'cloud/nodecluster/create/returns-node-cluster',
  'external-repository': 'cloud/repository/create/returns-repository',
};

/** GET of one resource: it is returned. */
const GETS: Partial<Record<ViewName, string>> = {
  service: 'cloud/service/get/returns-service',
  stack: 'cloud/stack/get/returns-stack',
  container: 'cloud/container/get/returns-container',
  node: 'cloud/node/get/returns-node',
  'node-cluster': 'cloud/nodecluster/get/returns-node-cluster',
  action: 'cloud/action/get/returns-action',
};

/** The requirement of a GET of a `view` resource, when one states that it is returned. */
export function getRequirement(view: ViewName): string | undefined {
  return GETS[view];
}

/** The requirement of a POST of a `view` resource, when a check creates that view. */
export function createRequirement(view: ViewName): string | undefined {
  return (CREATES as Partial<Record<ViewName, string>>)[view];
}

type AppKind = 'stack' | 'service' | 'container';
type AppVerb = 'start' | 'stop' | 'redeploy' | 'scale' | 'terminate';

/** An operation on a stack, service or container: it has its effect. */
const OPERATES: Record<AppKind, Partial<Record<AppVerb, string>>> = {
  stack: {
    start: 'cloud/stack/start/starts-services',
    stop: 'cloud/stack/stop/stops-services',
    redeploy: 'cloud/stack/redeploy/redeploys-services',
    terminate: 'cloud/stack/terminate/terminates-services',
  },
  service: {
    start: 'cloud/service/start/effect',
    stop: 'cloud/service/stop/effect',
    redeploy: 'cloud/service/redeploy/effect',
    scale: 'cloud/service/scale/effect',
    terminate: 'cloud/service/terminate/effect',
  },
  container: {
    start: 'cloud/container/start/effect',
    stop: 'cloud/container/stop/effect',
    redeploy: 'cloud/container/redeploy/effect',
    terminate: 'cloud/container/terminate/effect',
  },
};

/** The requirement of `verb` on the stack, service or container at `uri`. */
export function operationRequirement(uri: string, verb: AppVerb): string | undefined {
  const kind: AppKind = uri.includes('/stack/') ? 'stack' : uri.includes('/container/') ? 'container' : 'service';
  return OPERATES[kind][verb];
}

/** Other set-up operations, by what they do. */
export const OPERATION = {
  serviceUpdate: 'cloud/service/update/applies-fields',
  stackUpdate: 'cloud/stack/update/updates-services',
  stackServices: 'cloud/stack/create/services-created',
  bindingsInherited: 'cloud/container/get/inherits-service',
  nodeTags: 'cloud/node/update/tags-replace',
  nodeUpgrade: 'cloud/node/vendor-upgrade/upgrades',
  nodeHealthCheck: 'cloud/node/health-check/sets-state',
  nodeTerminate: 'cloud/node/terminate/terminates',
  clusterDeploy: 'cloud/nodecluster/deploy/deploys',
  clusterTags: 'cloud/nodecluster/update/tags-replace',
  clusterTerminate: 'cloud/nodecluster/terminate/terminates-nodes',
  clusterScale: 'cloud/nodecluster/update/scale-target',
  actionCancel: 'cloud/action/cancel/in-progress-to-canceling',
} as const;
