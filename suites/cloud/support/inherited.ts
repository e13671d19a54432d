/**
 * Spec: Container: "It has the same descriptive fields as a service in a per-container form"; the
 * requirement cloud/container/get/inherits-service: name inherited from the service, image_name,
 * autorestart, autodestroy, roles, privileged, net, pid, working_dir "and the others equal the
 * service's at deployment". Held at every container a check reads: those of a first start and those
 * a scale adds alike. Lists whose order the spec does not state compare as sets of items; a device
 * mapping as its host:container part (the engine may add permissions).
 */
import { isDeepStrictEqual } from 'node:util';
import type { CloudContext } from './context.ts';
import { DESCRIPTIVE_FIELDS } from './linked-app.ts';
import type { Json } from './lists.ts';
import type { Container, Service } from './views.generated.ts';

/** The descriptive fields a container carries from its service (devices and cgroup_parent among them). */
export const INHERITED = [
  'image_name',
  'autorestart',
  'autodestroy',
  'roles',
  'privileged',
  'net',
  'pid',
  'working_dir',
  'entrypoint',
  'run_command',
  'labels',
  'memory',
  'cpu_shares',
  'read_only',
  'tty',
  'stdin_open',
  'user',
  'domainname',
  'cpuset',
  'memory_swap',
  'cgroup_parent',
  ...DESCRIPTIVE_FIELDS.filter((f) => f !== 'labels'),
] as const satisfies ReadonlyArray<string>;

/** Fields of the Service data model the create body does not list, beside DESCRIPTIVE's and DEVICE_FIELDS': sent by checks setting every inherited field. */
export const UNLISTED_SCALARS: Json = {
  // tty on and stdin_open off (its default): a container that takes one flag for the other, or sets both as a client's -it does, shows.
  tty: true,
  stdin_open: false,
  memory: 128,
  cpu_shares: 256,
  // Values other than the defaults, so that a container showing its own defaults differs.
  user: 'nobody',
  domainname: 'conformance.test',
  cpuset: '0',
  memory_swap: 256,
};

/** Fields of the create body, each set to a value other than its default. */
export const LISTED_INHERITED: Json = { autorestart: 'ON_FAILURE', autodestroy: 'ON_SUCCESS', privileged: true, working_dir: '/tmp', roles: ['global'] };

/** A field's value compared as the spec gives it: the devices as a set of host:container mappings, a missing value as null. */
function comparable(field: string, value: unknown): unknown {
  if (field !== 'devices' || !Array.isArray(value)) return value ?? null;
  return value.map((d) => String(d).split(':').slice(0, 2).join(':')).sort();
}

/** Lists in any order, item for item (a list cut short, emptied or with an item twice differs); anything else equal. */
function sameAs(a: unknown, b: unknown): boolean {
  if (!Array.isArray(a) || !Array.isArray(b)) return isDeepStrictEqual(a, b);
  const key = (x: unknown): string => JSON.stringify(x);
  return isDeepStrictEqual(a.map(key).sort(), b.map(key).sort());
}

/** Whether two answers show `field` alike, as the spec gives it. */
export const sameField = (field: string, a: unknown, b: unknown): boolean => sameAs(comparable(field, a), comparable(field, b));

/**
 * The container carries its service's name (as the start of its own) and each inherited field as
 * the service shows it. Recorded with verify: every field that differs is reported.
 */
export function verifyInherited(ctx: CloudContext, container: Container | Json, service: Service | Json, what: string, requirement: string): void {
  const [c, s] = [container as Json, service as Json];
  ctx.verify(String(c.name).startsWith(String(s.name)), `${what}: the name ${String(c.name)} is not inherited from the service name ${String(s.name)}`, {
    expected: `${String(s.name)}…`,
    actual: c.name,
    requirement,
  });
  for (const field of INHERITED)
    ctx.verify(sameField(field, c[field], s[field]), `${what}: ${field} differs from its service's`, { expected: s[field], actual: c[field], requirement });
}
