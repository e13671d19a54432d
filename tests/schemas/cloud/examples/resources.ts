/**
 * Realistic response objects for the cloud v1 resource schemas, built from the spec's field
 * lists (neutral spelling: the tests validate with the neutral profile).
 */
const DATE = 'Mon, 13 Oct 2014 11:01:43 +0000';
const SERVICE_URI = '/api/app/v1/service/09cbcf8d-a727-40d9-b420-c8e18b7fa55b/';
const STACK_URI = '/api/app/v1/stack/46aca402-2109-4a70-a378-760cfed43816/';
const CONTAINER_URI = '/api/app/v1/container/c1dd4e1e-1356-411c-8613-e15146633640/';
const NODE_URI = '/api/infra/v1/node/fa5e0d5f-3d4d-4c77-9d41-4c0d30c3c7d2/';
const CLUSTER_URI = '/api/infra/v1/nodecluster/3e3fbd6e-0ab3-4a4c-9dc4-f6b4cc2ec7de/';
const REGION_URI = '/api/infra/v1/region/aws/us-east-1/';
const NODE_TYPE_URI = '/api/infra/v1/nodetype/aws/t2.micro/';

export const action = {
  resource_uri: '/api/audit/v1/action/6246c558-976c-4df6-ba60-eb1a344a17af/',
  uuid: '6246c558-976c-4df6-ba60-eb1a344a17af',
  object: SERVICE_URI,
  action: 'Service Start',
  method: 'POST',
  path: '/api/app/v1/service/09cbcf8d-a727-40d9-b420-c8e18b7fa55b/start/',
  user: 'alice',
  user_agent: 'cloud-cli/1.0',
  start_date: DATE,
  end_date: 'Mon, 13 Oct 2014 11:02:10 +0000',
  state: 'Success',
  ip: '203.0.113.7',
  location: 'New York, USA',
  is_user_action: true,
  can_be_canceled: false,
  can_be_retried: true,
};

export const provider = {
  resource_uri: '/api/infra/v1/provider/aws/',
  name: 'aws',
  label: 'Amazon Web Services',
  regions: [REGION_URI, '/api/infra/v1/region/aws/eu-west-1/'],
  available: true,
};

export const region = {
  resource_uri: REGION_URI,
  name: 'us-east-1',
  label: 'US East (N. Virginia)',
  node_types: [NODE_TYPE_URI],
  availability_zones: ['/api/infra/v1/az/aws/us-east-1/us-east-1a/'],
  provider: '/api/infra/v1/provider/aws/',
  available: true,
};

export const availabilityZone = {
  available: true,
  name: 'us-east-1a',
  region: REGION_URI,
  resource_uri: '/api/infra/v1/az/aws/us-east-1/us-east-1a/',
};

export const nodeType = {
  resource_uri: NODE_TYPE_URI,
  name: 't2.micro',
  label: 'T2 Micro',
  regions: [REGION_URI],
  availability_zones: [],
  provider: '/api/infra/v1/provider/aws/',
  available: true,
};

export const nodeCluster = {
  uuid: '3e3fbd6e-0ab3-4a4c-9dc4-f6b4cc2ec7de',
  resource_uri: CLUSTER_URI,
  name: 'prod',
  nickname: 'prod',
  state: 'Deployed',
  node_type: NODE_TYPE_URI,
  disk: 60,
  nodes: [NODE_URI],
  region: REGION_URI,
  target_num_nodes: 1,
  current_num_nodes: 1,
  deployed_datetime: DATE,
  destroyed_datetime: null,
  tags: [{ name: 'web' }],
  provider_options: { vpc: { id: 'vpc-1', subnets: ['subnet-1'], security_groups: ['sg-1'] }, iam: { instance_profile_name: 'p' } },
};

export const node = {
  uuid: 'fa5e0d5f-3d4d-4c77-9d41-4c0d30c3c7d2',
  resource_uri: NODE_URI,
  availability_zone: null,
  external_fqdn: 'fa5e0d5f.node.example.test',
  state: 'Deployed',
  node_cluster: CLUSTER_URI,
  node_type: NODE_TYPE_URI,
  region: REGION_URI,
  vendor_execdriver: 'native-0.2',
  vendor_graphdriver: 'aufs',
  vendor_version: '1.8.3',
  cpu: 1,
  disk: 60,
  memory: 1024,
  current_num_containers: 2,
  last_seen: 'Tue, 14 Oct 2014 09:00:00 +0000',
  public_ip: '198.51.100.4',
  tunnel: null,
  deployed_datetime: DATE,
  destroyed_datetime: null,
  tags: [{ name: 'web' }],
  nickname: 'fa5e0d5f.node.example.test',
};

export const registry = {
  resource_uri: '/api/repo/v1/registry/quay.io/',
  name: 'Quay',
  host: 'quay.io',
  is_vendor_registry: false,
  is_ssl: true,
  port: 443,
};

export const externalRepository = {
  resource_uri: '/api/repo/v1/repository/quay.io/alice/app/',
  name: 'quay.io/alice/app',
  in_use: false,
  registry: '/api/repo/v1/registry/quay.io/',
};

export const stack = {
  uuid: '46aca402-2109-4a70-a378-760cfed43816',
  resource_uri: STACK_URI,
  name: 'shop',
  nickname: 'shop',
  state: 'Not Running',
  synchronized: true,
  services: [SERVICE_URI],
  deployed_datetime: null,
  destroyed_datetime: null,
};

/** The descriptive fields a service and its containers share (Container: 'per-container form'). */
const descriptive = {
  image_name: 'library/nginx:1.9',
  name: 'web',
  public_dns: 'web.alice.svc.example.test',
  synchronized: true,
  labels: { tier: 'front' },
  working_dir: '/',
  user: 'root',
  hostname: '',
  domainname: '',
  mac_address: '',
  cgroup_parent: '',
  tty: false,
  stdin_open: false,
  dns: [],
  dns_search: [],
  cap_add: ['NET_ADMIN'],
  cap_drop: [],
  devices: ['/dev/fuse:/dev/fuse'],
  extra_hosts: [],
  security_opt: [],
  entrypoint: null,
  run_command: 'nginx -g "daemon off;"',
  cpu_shares: 0,
  cpuset: '',
  memory: 512,
  memory_swap: 1024,
  autorestart: 'ON_FAILURE',
  autodestroy: 'OFF',
  roles: ['global'],
  link_variables: { WEB_PORT: 'tcp://web:80' },
  privileged: false,
  read_only: false,
  net: 'bridge',
  pid: 'none',
  deployed_datetime: DATE,
  started_datetime: DATE,
  stopped_datetime: null,
  destroyed_datetime: null,
};

const port = { protocol: 'tcp', inner_port: 80, outer_port: 32768, port_name: 'http', endpoint_uri: 'http://web.example.test:32768/', published: true };

export const service = {
  ...descriptive,
  uuid: '09cbcf8d-a727-40d9-b420-c8e18b7fa55b',
  resource_uri: SERVICE_URI,
  nickname: 'web',
  state: 'Running',
  target_num_containers: 1,
  current_num_containers: 1,
  running_num_containers: 1,
  stopped_num_containers: 0,
  stack: STACK_URI,
  containers: [CONTAINER_URI],
  container_ports: [port, { protocol: 'udp', inner_port: 53, outer_port: null, port_name: 'dns', endpoint_uri: null, published: false }],
  container_envvars: [{ key: 'MODE', value: 'prod' }],
  sequential_deployment: false,
  linked_from_service: [],
  linked_to_service: [{ name: 'db', from_service: SERVICE_URI, to_service: '/api/app/v1/service/5d3f6b36-2f6e-4a6b-8d2e-1b9a3b1d0c11/' }],
  bindings: [
    { host_path: null, container_path: '/data', rewritable: true, volumes_from: null },
    { host_path: null, container_path: null, rewritable: false, volumes_from: '/api/app/v1/service/5d3f6b36-2f6e-4a6b-8d2e-1b9a3b1d0c11/' },
  ],
  deployment_strategy: 'EMPTIEST_NODE',
  tags: [{ name: 'web' }],
  autoredeploy: false,
};

export const container = {
  ...descriptive,
  name: 'web-1',
  uuid: 'c1dd4e1e-1356-411c-8613-e15146633640',
  resource_uri: CONTAINER_URI,
  state: 'Stopped',
  node: NODE_URI,
  service: SERVICE_URI,
  exit_code: 0,
  exit_code_msg: 'Exit code 0 (Success)',
  private_ip: '10.7.0.2',
  container_envvars: [{ key: 'MODE', value: 'prod' }],
  container_ports: [{ ...port, uri_protocol: 'http' }],
  bindings: [{ volume: '/api/infra/v1/volume/0a1b2c3d/', host_path: null, container_path: '/data', rewritable: true }],
  linked_to_container: [
    {
      name: 'db',
      from_container: CONTAINER_URI,
      to_container: '/api/app/v1/container/77d8b8f2-5c36-4f7b-a2b6-7a2d2a2a2a2a/',
      endpoints: { '5432/tcp': 'tcp://db-1:5432' },
    },
  ],
};
