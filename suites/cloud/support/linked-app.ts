/**
 * An application whose every list and map field holds two items, so that a list cut to its first
 * item, emptied or with an item repeated reads differently from the object's GET: a client service
 * (two containers, running) with two ports (one published, so that each container shows the outer
 * port it was given), two variables, two bindings, two labels, the role
 * global, two items in each descriptive list (dns, cap_add, ...), linked to a running server
 * service of two containers and to a second server, and linked to by two services that carry two
 * tags each. Its containers link to both server containers (linked_to_container, two items).
 */
import type { CloudContext } from './context.ts';
import { createService, operateAndSettle, serviceBody, SERVICES, terminateLater, type AppNodes } from './app.ts';
import type { Json } from './lists.ts';
import type { Service } from './views.generated.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

/**
 * Descriptive fields of the Service data model that the create body table does not list: sent on
 * create, they are only ever compared between the answers that show them (a target that ignores
 * them shows its own values alike everywhere).
 */
export const DESCRIPTIVE: Json = {
  labels: { 'conformance.one': 'one', 'conformance.two': 'two' },
  dns: ['10.0.0.53', '10.0.0.54'],
  dns_search: ['one.conformance.test', 'two.conformance.test'],
  cap_add: ['NET_ADMIN', 'SYS_TIME'],
  cap_drop: ['MKNOD', 'AUDIT_WRITE'],
  extra_hosts: ['conformance-one:10.0.0.1', 'conformance-two:10.0.0.2'],
  security_opt: ['label:disable', 'apparmor:unconfined'],
  devices: ['/dev/null:/dev/conformance-null', '/dev/zero:/dev/conformance-zero'],
};
export const DESCRIPTIVE_FIELDS = Object.keys(DESCRIPTIVE);

/** The list and map fields a service shows. */
export const SERVICE_LISTS = [
  'containers',
  'container_ports',
  'container_envvars',
  'bindings',
  'linked_to_service',
  'linked_from_service',
  'tags',
  'roles',
  'link_variables',
  ...DESCRIPTIVE_FIELDS,
];

/**
 * The boolean settings a service shows, compared wherever two answers show one service: a flag
 * written inverted in one of them reads differently. Not synchronized, a state that may change
 * between two reads.
 */
export const SERVICE_FLAGS = ['tty', 'stdin_open', 'read_only', 'privileged', 'sequential_deployment', 'autoredeploy'];

/** The boolean settings a container shows (its service's), compared as SERVICE_FLAGS are. */
export const CONTAINER_FLAGS = ['tty', 'stdin_open', 'read_only', 'privileged'];

/**
 * State a settled application keeps while nothing is asked of it: compared between a list and a
 * GET read one after the other, not between answers taken across a transition (create, update).
 */
export const SETTLED_STATE = ['state', 'synchronized'];

/** The list and map fields a container shows. */
export const CONTAINER_LISTS = ['container_ports', 'container_envvars', 'bindings', 'linked_to_container', 'roles', 'link_variables', ...DESCRIPTIVE_FIELDS];

const PORTS: Json[] = [
  { protocol: 'tcp', inner_port: 8080, published: true },
  { protocol: 'udp', inner_port: 5353, published: false },
];
const ENVVARS: Json[] = [
  { key: 'CONFORMANCE_ONE', value: 'one' },
  { key: 'CONFORMANCE_TWO', value: 'two' },
];
const BINDINGS: Json[] = [
  { container_path: '/conformance-one', rewritable: false },
  { container_path: '/conformance-two', rewritable: true },
];

export interface LinkedApp {
  /** The client: two containers, every list of two items, linked both ways. */
  client: Service;
  /** The client's create answer, as the target sent it. */
  created: Json;
  /** The running server the client links to (two containers). */
  server: Service;
  /** The services linking to the client (two tags each; not started). */
  linking: Service[];
}

/**
 * POST of a service with the descriptive fields (`unlisted`); a target that refuses them (the create
 * body does not list them) gets the service without them, and that is observed.
 */
export async function createDescriptive(ctx: CloudContext, body: Json, unlisted: Json = DESCRIPTIVE): Promise<Json> {
  const res = await ctx.api.post(SERVICES, { ...body, ...unlisted });
  if (isSuccess(res.status)) {
    const svc = ctx.expectJson<Json>(res, 'service create response');
    if (typeof svc.resource_uri === 'string') terminateLater(ctx, svc.resource_uri);
    return svc;
  }
  ctx.observe(`a service create with ${Object.keys(unlisted).join(', ')} (the create body does not list them) answered ${res.status}: created without them`);
  return createService(ctx, body);
}

/** The application on `at`'s nodes, the client and the server running. */
export async function linkedApp(ctx: CloudContext, at: AppNodes): Promise<LinkedApp> {
  const two = { target_num_containers: 2, container_ports: PORTS, container_envvars: ENVVARS };
  const server = await operateAndSettle(ctx, await createService(ctx, serviceBody(ctx, at, two)), 'start');
  const idle = await createService(ctx, serviceBody(ctx, undefined));
  const created = await createDescriptive(
    ctx,
    serviceBody(ctx, at, {
      ...two,
      bindings: BINDINGS,
      roles: ['global'],
      linked_to_service: [
        { to_service: server.resource_uri, name: 'conformance-server' },
        { to_service: idle.resource_uri, name: 'conformance-idle' },
      ],
    }),
  );
  const client = await operateAndSettle(ctx, { resource_uri: String(created.resource_uri) }, 'start');
  const linking: Service[] = [];
  for (const name of ['conformance-from-one', 'conformance-from-two']) {
    const tags = [{ name: `${name}-a` }, { name: `${name}-b` }];
    linking.push(await createService(ctx, serviceBody(ctx, undefined, { tags, linked_to_service: [{ to_service: client.resource_uri, name }] })));
  }
  return { client: await ctx.getJson('service', client.resource_uri, 'the client service'), created, server, linking };
}
