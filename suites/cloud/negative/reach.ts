/**
 * How the cloud negative sweep reaches an endpoint: a request that is valid but for the one bad
 * input (the check sends it once unchanged first: a target that refuses it too could not tell the
 * bad input from the rest), and the removal of what an accepted request created. Endpoints it
 * cannot reach that way are listed with the reason.
 */
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { createService, runningAppContainer, serviceBody, SERVICES, STACKS } from '../support/app.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, placement } from '../support/infra.ts';
import type { Json } from '../support/lists.ts';

const ACTIONS = '/api/audit/v1/action/';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';

/** The valid request the bad input is put into. */
export interface ValidRequest {
  path: string;
  /** A fresh query and body for each request (new names: an accepted one took the last ones). */
  fresh(): { query: Record<string, string>; body?: Json };
}

/** Endpoints left out of the sweep, and why. */
export const NOT_SWEPT: Readonly<Record<string, string>> = {
  'cloud/service/redeploy': 'a valid redeploy needs a running service (a deployed node), and an accepted bad value redeploys it',
  'cloud/stack/redeploy': 'a valid redeploy needs a running stack (a deployed node), and an accepted bad value redeploys it',
  'cloud/container/redeploy': 'a valid redeploy needs a running container (a deployed node), and an accepted bad value redeploys it',
  'cloud/node/update': 'needs a deployed node of its own (a machine on a hosted service)',
};

/** Input classes another check sends already (one cause, one failure), with the check that does. */
export const SWEPT_ELSEWHERE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'cloud/service/create': { 'body-field-unknown-enum-value': 'cloud/service/create/enum-other-values-refused' },
  'cloud/service/update': { 'body-field-unknown-enum-value': 'cloud/service/update/value-sets-as-create' },
};

/** Why an endpoint cannot be swept, or undefined when it can. */
export function unreachable(endpoint: Endpoint): string | undefined {
  if (NOT_SWEPT[endpoint.id]) return NOT_SWEPT[endpoint.id];
  if (endpoint.path.includes('{') && !OWN_RESOURCE[endpoint.id]) return 'needs a resource the sweep does not make';
  if (isStream(endpoint) && !OWN_RESOURCE[endpoint.id]) return 'a Stream endpoint whose query holds only filters (a stream that matches nothing stays open)';
  return undefined;
}

/** A Stream (WebSocket) endpoint: its answer to a request is the upgrade's status. */
export function isStream(endpoint: Endpoint): boolean {
  return endpoint.responses.some((r) => r.status === 101);
}

/** A valid body of each request schema the sweep sends. */
const VALID_BODIES: Readonly<Record<string, (ctx: CloudContext) => Promise<Json> | Json>> = {
  'service-create-request': (ctx) => serviceBody(ctx, undefined),
  'service-update-request': () => ({ nickname: 'conformance-swept' }),
  'stack-create-request': (ctx) => ({ name: ctx.uniqueName('stack') }),
  'stack-update-request': () => ({ services: [] }),
  'node-cluster-create-request': async (ctx) => {
    const at = await placement(ctx);
    return { name: ctx.uniqueName('nc'), node_type: at.nodeType, region: at.region };
  },
  'node-cluster-update-request': () => ({ tags: [] }),
  'external-repository-create-request': (ctx) => ({ name: newRepositoryName(ctx), username: 'conformance-user', password: 'conformance-secret' }),
  'external-repository-update-request': () => ({ username: 'conformance-user', password: 'conformance-secret' }),
};

/** The resource an endpoint on one object operates on: made for the check (and terminated after it), its path. */
const OWN_RESOURCE: Readonly<Record<string, (ctx: CloudContext) => Promise<string>>> = {
  'cloud/service/update': async (ctx) => (await ctx.create('service', SERVICES, serviceBody(ctx, undefined), 'a service')).resource_uri,
  'cloud/stack/update': async (ctx) => (await ctx.create('stack', STACKS, { name: ctx.uniqueName('stack') }, 'a stack')).resource_uri,
  'cloud/nodecluster/update': async (ctx) =>
    (await ctx.create('node-cluster', CLUSTERS, await VALID_BODIES['node-cluster-create-request']!(ctx), 'a node cluster')).resource_uri,
  'cloud/service/logs': async (ctx) => (await createService(ctx, serviceBody(ctx, undefined))).resource_uri,
  'cloud/container/logs': async (ctx) => (await runningAppContainer(ctx)).resource_uri,
  'cloud/action/logs': async (ctx) => {
    const [action] = ctx.listObjects(await ctx.api.get(ACTIONS, { limit: 1 }), 'action list');
    return typeof action?.resource_uri === 'string' ? action.resource_uri : ctx.skip('the action list is empty: no action to read the logs of');
  },
  'cloud/repository/update': async (ctx) => {
    const name = newRepositoryName(ctx);
    await ctx.create('external-repository', REPOSITORIES, { name, username: 'u', password: 'p' }, 'an external repository');
    return `${REPOSITORIES}${name}/`;
  },
};

/** A valid request of the endpoint, its resource (when it operates on one) made for the check. */
export async function validRequest(ctx: CloudContext, endpoint: Endpoint): Promise<ValidRequest> {
  const own = OWN_RESOURCE[endpoint.id];
  const made: string | undefined = own ? await ctx.setUp(() => own(ctx)) : undefined;
  // An operation below the object (logs/) is a path under its URI.
  const below = endpoint.path.includes('}/') ? endpoint.path.slice(endpoint.path.lastIndexOf('}/') + 2) : '';
  const path = made === undefined ? endpoint.path : `${made}${below}`;
  const schema = endpoint.requestBody?.contentType === 'application/json' ? endpoint.requestBody.schema : undefined;
  const bodyOf = schema ? VALID_BODIES[schema] : undefined;
  // The body is made once (a placement is read once); each request gets its own name.
  const template = bodyOf ? await ctx.setUp(async () => bodyOf(ctx)) : undefined;
  const renamed = (): Json | undefined => {
    if (!template) return undefined;
    if (typeof template.name !== 'string') return { ...template };
    return { ...template, name: schema?.startsWith('external-repository') ? newRepositoryName(ctx) : ctx.uniqueName('swept').slice(-40) };
  };
  return { path, fresh: () => ({ query: {}, body: renamed() }) };
}
