/** The cloud catalog as the harness loads it, and the endpoint ids the shared contract fixes. */
import { loadEndpoints, loadRequirements } from '../../../harness/catalog/load.ts';
import type { Endpoint, ResponseSpec } from '../../../harness/catalog/types.ts';

/** The cloud data uses ResponseSpec's extension fields (fromFacts, schemaFromFacts, headers). */
export type CloudResponseSpec = ResponseSpec;
export type CloudEndpoint = Endpoint;

export const endpoints = loadEndpoints('cloud');
export const requirements = loadRequirements('cloud');

const crud = (resource: string, ops: string[]): string[] => ops.map((op) => `cloud/${resource}/${op}`);

export const CONTRACT_ENDPOINT_IDS: string[] = [
  ...crud('action', ['list', 'get', 'logs', 'cancel', 'retry']),
  ...['provider', 'region', 'az', 'nodetype'].flatMap((r) => crud(r, ['list', 'get'])),
  ...crud('nodecluster', ['list', 'create', 'get', 'deploy', 'update', 'terminate']),
  ...crud('node', ['list', 'get', 'update', 'vendor-upgrade', 'health-check', 'terminate']),
  ...crud('registry', ['list', 'get']),
  ...crud('repository', ['list', 'create', 'get', 'update', 'delete']),
  ...crud('stack', ['list', 'create', 'get', 'export', 'update', 'start', 'stop', 'redeploy', 'terminate']),
  ...crud('service', ['list', 'create', 'get', 'logs', 'update', 'start', 'stop', 'scale', 'redeploy', 'terminate']),
  ...crud('container', ['list', 'get', 'logs', 'start', 'stop', 'redeploy', 'terminate', 'exec']),
  'cloud/events',
];

export const CONTRACT_STREAM_IDS = ['cloud/action/logs', 'cloud/service/logs', 'cloud/container/logs', 'cloud/container/exec', 'cloud/events'];

/** Spec: 'Resources labeled namespaced: node cluster, node, registry, external repository, stack, service, container'. */
export const NAMESPACED_RESOURCES = ['nodecluster', 'node', 'registry', 'repository', 'stack', 'service', 'container'];
