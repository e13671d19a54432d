/** The cloud schema names the shared contract fixes (schemas/cloud/v1/<name>.json). */
export const CONTRACT_SCHEMA_NAMES = [
  'action', 'action-log-line', 'provider', 'region', 'availability-zone', 'node-type', 'node-cluster',
  'node-cluster-create-request', 'node-cluster-update-request', 'node', 'node-update-request', 'registry',
  'external-repository', 'external-repository-create-request', 'external-repository-update-request', 'stack',
  'stack-create-request', 'stack-update-request', 'stack-definition', 'service', 'service-create-request',
  'service-update-request', 'container', 'list-meta', 'error-body', 'stream-event', 'stream-log-line',
  'service-log-line', 'exec-message',
] as const;

/** Definitions shared by the other schemas; not a document shape of its own. */
export const DEFINITION_ONLY_SCHEMAS = ['common'] as const;
