/** Realistic request bodies, stream messages and facts shapes for the cloud v1 schemas. */
import * as resources from './resources.ts';

const SERVICE_URI = '/api/app/v1/service/5d3f6b36-2f6e-4a6b-8d2e-1b9a3b1d0c11/';

export const serviceCreateRequest = {
  image: 'library/nginx:1.9',
  name: 'web',
  target_num_containers: 2,
  run_command: null,
  container_ports: [
    { protocol: 'tcp', inner_port: 80, published: true },
    { protocol: 'udp', inner_port: 53, outer_port: 5353 },
  ],
  container_envvars: [{ key: 'MODE', value: 'prod' }],
  linked_to_service: [{ to_service: SERVICE_URI, name: 'db' }],
  bindings: [{ container_path: '/data' }, { volumes_from: SERVICE_URI, rewritable: false }, { host_path: '/srv', container_path: '/srv' }],
  autorestart: 'ALWAYS',
  autodestroy: 'ON_SUCCESS',
  sequential_deployment: true,
  roles: ['global'],
  privileged: false,
  deployment_strategy: 'HIGH_AVAILABILITY',
  tags: [{ name: 'web' }, 'edge'],
  autoredeploy: true,
  net: 'host',
  pid: 'host',
  working_dir: '/app',
  nickname: 'Web',
};

export const examples: Record<string, unknown[]> = {
  action: [resources.action, { ...resources.action, state: 'In progress', end_date: null, can_be_canceled: true }],
  'action-log-line': [{ type: 'log', log: 'Pulling image', timestamp: 1413198103 }],
  provider: [resources.provider],
  region: [resources.region],
  'availability-zone': [resources.availabilityZone],
  'node-type': [resources.nodeType],
  'node-cluster': [
    resources.nodeCluster,
    { ...resources.nodeCluster, state: 'Init', nodes: [], current_num_nodes: 0, deployed_datetime: null, provider_options: {} },
  ],
  'node-cluster-create-request': [
    { name: 'prod', node_type: '/api/infra/v1/nodetype/aws/t2.micro/', region: '/api/infra/v1/region/aws/us-east-1/' },
    {
      name: 'prod',
      node_type: '/api/infra/v1/nodetype/aws/t2.micro/',
      region: '/api/infra/v1/region/aws/us-east-1/',
      disk: 100,
      nickname: 'Prod',
      target_num_nodes: 3,
      tags: [{ name: 'web' }],
      provider_options: { iam: { instance_profile_name: 'p' } },
    },
  ],
  'node-cluster-update-request': [{}, { target_num_nodes: 2, tags: [{ name: 'db' }] }],
  node: [
    resources.node,
    {
      ...resources.node,
      state: 'Unreachable',
      node_cluster: null,
      availability_zone: '/api/infra/v1/az/aws/us-east-1/us-east-1a/',
      tunnel: 'tcp://tunnel.example.test:4000',
      last_seen: null,
    },
  ],
  'node-update-request': [{}, { nickname: 'edge-1', tags: [{ name: 'edge' }] }],
  registry: [resources.registry],
  'external-repository': [
    resources.externalRepository,
    { ...resources.externalRepository, resource_uri: '/api/repo/v1/acme/repository/quay.io/acme/app/', in_use: true },
  ],
  'external-repository-create-request': [{ name: 'quay.io/alice/app', username: 'alice', password: 's3cret' }, { name: 'quay.io/alice/public' }],
  'external-repository-update-request': [{ username: 'alice', password: 'n3w' }],
  stack: [
    resources.stack,
    { ...resources.stack, resource_uri: '/api/app/v1/acme/stack/46aca402/', state: 'Terminated', destroyed_datetime: 'Wed, 1 Jan 2020 00:00:00 -0500' },
  ],
  'stack-create-request': [
    { name: 'shop' },
    {
      name: 'shop',
      nickname: 'Shop',
      services: [
        { image: 'redis', name: 'cache' },
        { image: 'library/nginx', name: 'web', linked_to_service: [{ to_service: 'cache', name: 'cache' }], bindings: [{ volumes_from: 'cache' }] },
        { ...serviceCreateRequest, name: 'web2' },
      ],
    },
  ],
  'stack-update-request': [
    {},
    { services: [{ name: 'web', image: 'library/nginx:1.10', target_num_containers: 3, linked_to_service: [{ to_service: 'cache' }] }] },
  ],
  'stack-definition': [{ web: { image: 'library/nginx', target_num_containers: 2 }, cache: { image: 'redis' } }],
  service: [
    resources.service,
    {
      ...resources.service,
      stack: null,
      state: 'Not running',
      containers: [],
      current_num_containers: 0,
      running_num_containers: 0,
      started_datetime: null,
      deployed_datetime: null,
    },
  ],
  'service-create-request': [{ image: 'redis' }, serviceCreateRequest],
  'service-update-request': [
    {},
    {
      image: 'library/nginx',
      cpu_shares: 512,
      memory: 256,
      deployment_strategy: 'HIGH_AVAILABILITY',
      tags: ['edge'],
      target_num_containers: 0,
      entrypoint: null,
    },
  ],
  container: [resources.container, { ...resources.container, state: 'Running', exit_code: null, exit_code_msg: null, linked_to_container: [] }],
  'list-meta': [
    { limit: 25, next: null, offset: 0, previous: null, total_count: 3 },
    { limit: 25, next: '/api/app/v1/service/?limit=25&offset=50', offset: 25, previous: '/api/app/v1/service/?limit=25&offset=0', total_count: 60 },
  ],
  'error-body': [{ error: 'Service not found' }],
  'stream-event': [
    {
      type: 'container',
      action: 'update',
      parents: ['/api/app/v1/service/09cbcf8d/', '/api/infra/v1/node/fa5e0d5f/'],
      resource_uri: '/api/app/v1/container/c1dd4e1e/',
      state: 'Running',
      uuid: 'c1dd4e1e',
      datetime: '2016-02-01T16:47:28Z',
    },
    {
      type: 'action',
      action: 'create',
      parents: ['/api/app/v1/service/09cbcf8d/'],
      resource_uri: '/api/audit/v1/action/6246c558/',
      state: 'In progress',
      uuid: '6246c558',
      datetime: '2016-02-01T16:47:28.123+00:00',
    },
    { type: 'error', data: { errorMessage: 'UNAUTHORIZED' } },
    { type: 'auth' },
  ],
  'stream-log-line': [{ type: 'log', log: 'GET / 200', streamType: 'stdout', timestamp: 1413198103 }],
  'service-log-line': [{ type: 'log', source: 'web-1', log: 'GET / 200', streamType: 'stderr', timestamp: 1413198103 }],
  'exec-message': [
    { type: 'output', output: 'total 0\n', streamType: 'stdout' },
    { type: 'output', output: 'EOF', streamType: 'stderr' },
  ],
};
