/**
 * The stored shapes of the namespaced resources. Field names are the API's where a field is
 * returned as stored; dates are Date objects, formatted on the way out.
 */
import type { LogBook } from './logbook.ts';
import type { UriScope } from '../uris.ts';
import type { CloudUser } from '../users.ts';

export interface Owned {
  uuid: string;
  resource_uri: string;
  /** Where it lives and how its URI is spelled (inherited by its children). */
  scope: UriScope;
}

export type NodeClusterState = 'Init' | 'Deploying' | 'Deployed' | 'Partly deployed' | 'Scaling' | 'Terminating' | 'Terminated' | 'Empty cluster';
export type NodeState = 'Deploying' | 'Deployed' | 'Unreachable' | 'Upgrading' | 'Terminating' | 'Terminated';
export type StackState = 'Not Running' | 'Starting' | 'Running' | 'Partly running' | 'Stopping' | 'Stopped' | 'Redeploying' | 'Terminating' | 'Terminated';
export type ServiceState =
  | 'Not running'
  | 'Starting'
  | 'Running'
  | 'Partly running'
  | 'Scaling'
  | 'Redeploying'
  | 'Stopping'
  | 'Stopped'
  | 'Terminating'
  | 'Terminated';
export type ContainerState = 'Starting' | 'Running' | 'Stopping' | 'Stopped' | 'Terminating' | 'Terminated';

export interface NodeCluster extends Owned {
  kind: 'nodecluster';
  name: string;
  nickname: string;
  state: NodeClusterState;
  node_type: string;
  region: string;
  disk: number;
  /** uuids of its nodes, terminated ones included */
  nodes: string[];
  target_num_nodes: number;
  /** Created without target_num_nodes (read by the fault cluster-default-target-deploys-two). */
  targetDefaulted?: boolean;
  /** Nodes a PATCH scale added (less those it terminated): what the fault current-num-nodes-not-updated leaves out of the count. */
  scaledBy?: number;
  deployed_datetime: Date | null;
  destroyed_datetime: Date | null;
  tags: string[];
  provider_options: Record<string, unknown>;
  /** Its nodes' private network (not an API field): the first three octets of a /24, given when its first node is made. */
  privateSubnet?: string;
}

export interface Node extends Owned {
  kind: 'node';
  clusterUuid: string | null;
  state: NodeState;
  availability_zone: string | null;
  external_fqdn: string;
  node_type: string;
  region: string;
  engine: { execdriver: string; graphdriver: string; version: string };
  cpu: number;
  disk: number;
  memory: number;
  last_seen: Date;
  public_ip: string;
  deployed_datetime: Date | null;
  destroyed_datetime: Date | null;
  tags: string[];
  nickname: string;
  /** Simulated connectivity of its engine daemon (the health-check outcome). */
  reachable: boolean;
  /** The private network it is on (not an API field): its cluster's subnet, the first three octets of a /24. */
  privateSubnet: string;
  /** Its address on that network (not an API field): what a container under net host reads as its own. */
  privateIp: string;
}

export interface Stack extends Owned {
  kind: 'stack';
  name: string;
  nickname: string;
  state: StackState;
  /** uuids of its services */
  services: string[];
  deployed_datetime: Date | null;
  destroyed_datetime: Date | null;
}

export interface PortSpec {
  protocol: 'tcp' | 'udp';
  inner_port: number;
  outer_port: number | null;
  published: boolean;
}

export interface EnvVar {
  key: string;
  value: string;
}

/** The part of a service that is copied into each of its containers when they are deployed. */
export interface ServiceConfig {
  image_name: string;
  name: string;
  nickname: string;
  net: 'bridge' | 'host';
  pid: 'none' | 'host';
  target_num_containers: number;
  container_ports: PortSpec[];
  container_envvars: EnvVar[];
  labels: Record<string, string>;
  working_dir: string;
  user: string;
  hostname: string;
  domainname: string;
  mac_address: string;
  cgroup_parent: string;
  tty: boolean;
  stdin_open: boolean;
  dns: string[];
  dns_search: string[];
  cap_add: string[];
  cap_drop: string[];
  extra_hosts: string[];
  security_opt: string[];
  devices: string[];
  entrypoint: string | null;
  run_command: string | null;
  sequential_deployment: boolean;
  cpu_shares: number | null;
  cpuset: string;
  memory: number | null;
  memory_swap: number | null;
  autorestart: 'OFF' | 'ON_FAILURE' | 'ALWAYS';
  autodestroy: 'OFF' | 'ON_SUCCESS' | 'ALWAYS';
  roles: string[];
  privileged: boolean;
  read_only: boolean;
  deployment_strategy: 'EMPTIEST_NODE' | 'HIGH_AVAILABILITY' | 'EVERY_NODE';
  tags: string[];
  autoredeploy: boolean;
}

export interface ServiceLink {
  name: string;
  /** uuid of the linked (server) service */
  to: string;
}

export interface ServiceBinding {
  host_path: string | null;
  container_path: string | null;
  rewritable: boolean;
  /** uuid of the service whose volumes are mounted */
  volumesFrom: string | null;
}

export interface ServiceLogLine {
  type: 'log';
  source: string;
  log: string;
  streamType: 'stdout' | 'stderr';
  timestamp: number;
}

export interface ContainerLogLine {
  type: 'log';
  log: string;
  streamType: 'stdout' | 'stderr';
  timestamp: number;
}

export interface Service extends Owned {
  kind: 'service';
  config: ServiceConfig;
  state: ServiceState;
  stackUuid: string | null;
  /** uuids of its containers, terminated ones included */
  containers: string[];
  links: ServiceLink[];
  bindings: ServiceBinding[];
  deployed_datetime: Date | null;
  started_datetime: Date | null;
  stopped_datetime: Date | null;
  destroyed_datetime: Date | null;
  /** Whose credentials the global role hands to its containers. */
  owner: CloudUser;
  logs: LogBook<ServiceLogLine>;
  /** The number the next container's name gets (web-1, web-2 ...). */
  nextNumber: number;
  /** Bumped by updates: containers deployed from an older revision are not synchronized. */
  revision: number;
}

export interface ContainerBinding {
  volume: string | null;
  host_path: string | null;
  container_path: string | null;
  rewritable: boolean;
}

export interface Container extends Owned {
  kind: 'container';
  serviceUuid: string;
  nodeUuid: string;
  name: string;
  config: ServiceConfig;
  revision: number;
  state: ContainerState;
  exit_code: number | null;
  exit_code_msg: string | null;
  private_ip: string;
  /** outer ports as allocated, parallel to config.container_ports */
  outerPorts: (number | null)[];
  bindings: ContainerBinding[];
  deployed_datetime: Date | null;
  started_datetime: Date | null;
  stopped_datetime: Date | null;
  destroyed_datetime: Date | null;
  logs: LogBook<ContainerLogLine>;
  restarts: number;
  /** Stops the simulated program of a finite run_command. */
  stopProgram?: () => void;
}

export interface Registry {
  resource_uri: string;
  name: string;
  host: string;
  isVendor: boolean;
  is_ssl: boolean;
  port: number;
}

export interface Repository {
  resource_uri: string;
  scope: UriScope;
  name: string;
  registry: string;
  username: string;
  password: string;
}

export type Resource = NodeCluster | Node | Stack | Service | Container;
export type ResourceKind = Resource['kind'];
