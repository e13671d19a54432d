/**
 * Export in the stack definition format (the stackfile as JSON): one entry per live service,
 * keyed by its name, with `image` and every setting that differs from its default, using the
 * stackfile's keys (command, environment, links, ports, expose, volumes, volumes_from ...).
 */
import type { World } from '../world.ts';
import type { Service, ServiceConfig, Stack } from './model.ts';
import { stackServices } from './stack.ts';

const DEFAULTS: Partial<ServiceConfig> = {
  autodestroy: 'OFF',
  autorestart: 'OFF',
  autoredeploy: false,
  deployment_strategy: 'EMPTIEST_NODE',
  net: 'bridge',
  pid: 'none',
  privileged: false,
  read_only: false,
  sequential_deployment: false,
  target_num_containers: 1,
  user: 'root',
  working_dir: '/',
  tty: false,
  stdin_open: false,
};

/** Settings copied under the same key when set and not default. */
const SAME_KEYS: readonly (keyof ServiceConfig)[] = [
  'autodestroy',
  'autoredeploy',
  'autorestart',
  'cap_add',
  'cap_drop',
  'cpu_shares',
  'cpuset',
  'deployment_strategy',
  'devices',
  'dns',
  'dns_search',
  'domainname',
  'entrypoint',
  'extra_hosts',
  'hostname',
  'labels',
  'mac_address',
  'net',
  'pid',
  'privileged',
  'read_only',
  'roles',
  'security_opt',
  'sequential_deployment',
  'stdin_open',
  'target_num_containers',
  'tty',
  'user',
  'working_dir',
];

function isEmpty(v: unknown): boolean {
  return v === null || v === '' || (Array.isArray(v) && v.length === 0) || (typeof v === 'object' && v !== null && Object.keys(v).length === 0);
}

function serviceDefinition(world: World, svc: Service): Record<string, unknown> {
  const cfg = svc.config;
  const def: Record<string, unknown> = { image: cfg.image_name };
  for (const key of SAME_KEYS) {
    const v = cfg[key];
    if (!isEmpty(v) && v !== DEFAULTS[key]) def[key] = v;
  }
  const nameOf = (uuid: string): string => world.store.services.get(uuid)?.config.name ?? uuid;
  const extra: Record<string, unknown> = {
    command: cfg.run_command,
    environment: Object.fromEntries(cfg.container_envvars.map((e) => [e.key, e.value])),
    expose: cfg.container_ports.filter((p) => !p.published).map((p) => `${p.inner_port}${p.protocol === 'udp' ? '/udp' : ''}`),
    ports: cfg.container_ports
      .filter((p) => p.published)
      .map((p) => `${p.outer_port ? `${p.outer_port}:` : ''}${p.inner_port}${p.protocol === 'udp' ? '/udp' : ''}`),
    links: svc.links.map((l) => (l.name === nameOf(l.to) ? l.name : `${nameOf(l.to)}:${l.name}`)),
    volumes: svc.bindings.filter((b) => !b.volumesFrom).map((b) => `${b.host_path ? `${b.host_path}:` : ''}${b.container_path}${b.rewritable ? '' : ':ro'}`),
    volumes_from: svc.bindings.filter((b) => b.volumesFrom).map((b) => nameOf(b.volumesFrom as string)),
    mem_limit: cfg.memory ? `${cfg.memory}m` : null,
    memswap_limit: cfg.memory_swap ? `${cfg.memory_swap}m` : null,
    tags: cfg.tags,
    nickname: cfg.nickname !== cfg.name ? cfg.nickname : null,
  };
  // Under `stack-export-drops-ports-env` the ports and the environment are not written.
  const dropped = world.faults.has('stack-export-drops-ports-env') ? ['environment', 'expose', 'ports'] : [];
  for (const [k, v] of Object.entries(extra)) if (!isEmpty(v) && !dropped.includes(k)) def[k] = v;
  return def;
}

export function stackDefinition(world: World, stack: Stack): Record<string, Record<string, unknown>> {
  const live = stackServices(world, stack).filter((s) => s.state !== 'Terminated');
  // Under `blind18-stack-export-shared-definition` every entry is one object, filled service after service: all show the last one's image.
  const shared: Record<string, unknown> | undefined = world.faults.has('blind18-stack-export-shared-definition') ? {} : undefined;
  const entry = (s: Service): Record<string, unknown> => (shared ? Object.assign(shared, serviceDefinition(world, s)) : serviceDefinition(world, s));
  return Object.fromEntries(live.map((s) => [s.config.name, entry(s)]));
}
