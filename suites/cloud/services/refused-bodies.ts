/**
 * Spec: Services > create body: items of the list fields that lack a required sub-field, or whose
 * to_service is not a service URI, are refused and nothing is created. The update body's shapes are
 * as in create: services/update.ts sends the same bodies as PATCH.
 */
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createService, serviceBody, servicesNamed, SERVICES } from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const ENDPOINT = 'cloud/service/create';

/** URIs only the target can give, for bodies whose valid items refer to another resource. */
export interface Referents {
  /** A service of the check's own, not started. */
  service: string;
}

/** A body to refuse, or one built on the target's URIs. */
export type RefusedBody = Json | ((uris: Referents) => Json);

export interface RefusedRule {
  id: string;
  title: string;
  bodies: RefusedBody[];
}

/** A valid item first, then the invalid one: a rule of every item, not of the first one only. */
const afterValid = (field: string, valid: Json, invalid: Json): Json => ({ [field]: [valid, invalid] });
const PORT: Json = { protocol: 'tcp', inner_port: 8081 };
const ENVVAR: Json = { key: 'CONFORMANCE_VALID', value: 'v' };
const linkTo = (uris: Referents): Json => ({ to_service: uris.service, name: 'conformance-valid' });
/** Text with no resource URI's shape. */
const NOT_A_URI = 'not-a-uri';

/** Bodies the spec's required sub-fields make invalid, per requirement (the update body's shapes are these too). */
export const REFUSED_BODIES: RefusedRule[] = [
  {
    id: 'cloud/service/create/port-requires-protocol-and-inner-port',
    title: 'A container port without protocol or without inner_port (first or second in the list) is refused and nothing is created',
    bodies: [
      { container_ports: [{ inner_port: 80 }] },
      { container_ports: [{ protocol: 'tcp' }] },
      afterValid('container_ports', PORT, { inner_port: 80 }),
      afterValid('container_ports', PORT, { protocol: 'udp' }),
    ],
  },
  {
    id: 'cloud/service/create/envvar-requires-key-and-value',
    title: 'A container_envvars item without key or without value (first or second in the list) is refused and nothing is created',
    bodies: [
      { container_envvars: [{ value: 'v' }] },
      { container_envvars: [{ key: 'CONFORMANCE' }] },
      afterValid('container_envvars', ENVVAR, { value: 'v' }),
      afterValid('container_envvars', ENVVAR, { key: 'CONFORMANCE' }),
    ],
  },
  {
    id: 'cloud/service/create/link-requires-to-service',
    title: 'A linked_to_service item without to_service (first or second in the list) is refused and nothing is created',
    bodies: [{ linked_to_service: [{ name: 'conformance' }] }, (uris) => afterValid('linked_to_service', linkTo(uris), { name: 'conformance' })],
  },
  {
    id: 'cloud/service/create/binding-requires-container-path-or-volumes-from',
    title: 'A binding with neither container_path nor volumes_from (first or second in the list) is refused and nothing is created',
    bodies: [
      { bindings: [{ host_path: '/tmp', rewritable: true }] },
      afterValid('bindings', { container_path: '/conformance-valid' }, { host_path: '/tmp', rewritable: true }),
    ],
  },
];

/**
 * to_service is a service URI: text that is no URI, and the URI of a container with a service's uuid (a lookup by
 * uuid alone takes it for the service), are not one.
 */
export const LINK_NOT_SERVICE_URI: RefusedRule = {
  id: 'cloud/service/create/link-to-service-a-service-uri',
  title: 'A linked_to_service item whose to_service is not a service URI (first or second in the list) is refused and nothing is created',
  bodies: [
    { linked_to_service: [{ to_service: NOT_A_URI }] },
    (uris) => ({ linked_to_service: [{ to_service: uris.service.replace(/\/service\/(?=[^/]+\/?$)/, '/container/') }] }),
    (uris) => afterValid('linked_to_service', linkTo(uris), { to_service: NOT_A_URI }),
  ],
};

/** The bodies, those built on the target's URIs made from a service the check creates first (only where one is). */
export async function bodiesFor(ctx: CloudContext, bodies: readonly RefusedBody[]): Promise<Json[]> {
  if (!bodies.some((b) => typeof b === 'function')) return bodies as Json[];
  const linked = await ctx.setUp(() => createService(ctx, serviceBody(ctx, undefined)));
  const uris: Referents = { service: linked.resource_uri };
  return bodies.map((b) => (typeof b === 'function' ? b(uris) : b));
}

/** POSTs a body that must be refused (4xx) and checks that no service of its name exists. */
export async function expectRefusedCreate(ctx: CloudContext, body: Json, requirement: string): Promise<void> {
  const res = await ctx.api.post(SERVICES, body);
  if (isSuccess(res.status)) {
    const made = JSON.parse(res.text()) as Json;
    if (typeof made.resource_uri === 'string') ctx.defer(async () => void (await ctx.api.delete(made.resource_uri as string)));
  }
  ctx.expect(res.status >= 400 && res.status < 500, `create with ${JSON.stringify(body).slice(0, 160)} answered ${res.status}, not a client error`, {
    expected: '4xx',
    actual: { status: res.status, body: res.text().slice(0, 200) },
    requirement,
  });
  ctx.expectEqual((await servicesNamed(ctx, String(body.name))).length, 0, 'a refused create left a service behind', requirement);
}

export function refusedCheck(rule: RefusedRule): CloudCheck {
  return cloudCheck({
    id: rule.id,
    title: rule.title,
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const bad of await bodiesFor(ctx, rule.bodies)) await expectRefusedCreate(ctx, { ...serviceBody(ctx, undefined), ...bad }, rule.id);
    },
  });
}
