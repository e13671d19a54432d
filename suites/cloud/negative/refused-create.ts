/**
 * A refused cloud create leaves nothing: a create the target refused (an error answer) made no
 * object of its name, in any state (a stack refused for one of its services made none of them
 * either), and took no name: a valid create with the same name afterwards gets it.
 * Spec: Endpoints (create bodies: required fields, "is refused and creates nothing" in the
 * catalog's words); Errors ("returns immediately with the appropriate HTTP error code").
 */
import { SERVICES, STACKS } from '../support/app.ts';
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, placement } from '../support/infra.ts';
import { type Json, listAll } from '../support/lists.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';
import { unverifiedWhenOwnNameUnknown } from '../repos/repository-source.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { BAD_INPUT } from './sweep.ts';

export const REFUSED_CREATE = 'cloud/errors/refused-create-leaves-nothing';

interface RefusedCreate {
  resource: 'service' | 'stack' | 'nodecluster' | 'repository';
  collection: string;
  /** The requirement whose refusal the check builds on: an accepted create blocks the check on it. */
  refusal: string;
  /** What is left out or wrong, for the title. */
  why: string;
  /** A valid body named `name`, and the same body made one the target must refuse. */
  bodies(ctx: CloudContext, name: string): Promise<{ valid: Json; refused: Json }>;
  /** Other lists and names the refused body named (a stack's services). */
  inner?: (name: string) => Array<[string, string]>;
  name(ctx: CloudContext): string;
  /** Ends the check unverified when the target refuses the valid create for a cause the spec allows. */
  validRefused?: (ctx: CloudContext, name: string, res: HttpResponse) => void;
}

const innerService = (name: string): string => `${name}-in`;

const KINDS: RefusedCreate[] = [
  {
    resource: 'service',
    collection: SERVICES,
    refusal: 'cloud/service/create/requires-image',
    why: 'without image',
    name: (ctx) => ctx.uniqueName('svc').slice(-40),
    bodies: async (_ctx, name) => ({ valid: { image: 'busybox:latest', name }, refused: { name } }),
  },
  {
    resource: 'stack',
    collection: STACKS,
    refusal: 'cloud/service/create/requires-image',
    why: 'with a service without image',
    name: (ctx) => ctx.uniqueName('stack'),
    bodies: async (_ctx, name) => ({ valid: { name }, refused: { name, services: [{ name: innerService(name) }] } }),
    inner: (name) => [[SERVICES, innerService(name)]],
  },
  {
    resource: 'nodecluster',
    collection: CLUSTERS,
    refusal: 'cloud/nodecluster/create/requires-region',
    why: 'without region',
    name: (ctx) => ctx.uniqueName('nc'),
    bodies: async (ctx, name) => {
      const at = await placement(ctx);
      return { valid: { name, node_type: at.nodeType, region: at.region }, refused: { name, node_type: at.nodeType } };
    },
  },
  {
    resource: 'repository',
    collection: REPOSITORIES,
    refusal: BAD_INPUT,
    why: 'with a password that is not a string',
    name: (ctx) => newRepositoryName(ctx),
    bodies: async (_ctx, name) => ({ valid: { name, username: 'u', password: 'p' }, refused: { name, username: 'u', password: 7 } }),
    // A target may add only repositories that exist: the made-up one refused as unknown proves nothing.
    validRefused: unverifiedWhenOwnNameUnknown,
  },
];

/** Objects of `list` named `name`, in any state. */
async function named(ctx: CloudContext, list: string, name: string): Promise<Json[]> {
  return (await listAll(ctx, list, { name })).filter((o) => o.name === name);
}

function refusedCreateCheck(kind: RefusedCreate): CloudCheck {
  return cloudCheck({
    id: `${REFUSED_CREATE}/${kind.resource}`,
    title: `A ${kind.resource} create refused ${kind.why} leaves no object of its name, and a valid create then gets the name`,
    requirements: [REFUSED_CREATE],
    endpoint: `cloud/${kind.resource}/create`,
    async run(ctx) {
      const name = kind.name(ctx);
      const { valid, refused } = await ctx.setUp(() => kind.bodies(ctx, name));
      const res = await ctx.api.post(kind.collection, refused);
      if (res.status < 300) {
        const uri = (JSON.parse(res.text() || '{}') as Json).resource_uri;
        if (typeof uri === 'string') ctx.defer(async () => void (await ctx.api.delete(uri)));
        ctx.blockedBy(kind.refusal, `the create ${kind.why} answered ${res.status}: it was not refused`);
      }
      for (const [list, inner] of [[kind.collection, name], ...(kind.inner?.(name) ?? [])] as Array<[string, string]>) {
        const left = await named(ctx, list, inner);
        ctx.verify(left.length === 0, `the refused create left ${left.length} object(s) named ${inner} in GET ${list}`, {
          expected: [],
          actual: left.map((o) => ({ resource_uri: o.resource_uri, state: o.state })),
          requirement: REFUSED_CREATE,
        });
      }
      const again = await ctx.api.post(kind.collection, valid);
      if (again.status >= 400) kind.validRefused?.(ctx, name, again);
      const made = again.status < 300 ? (JSON.parse(again.text() || '{}') as Json) : {};
      if (typeof made.resource_uri === 'string') ctx.defer(async () => void (await ctx.api.delete(made.resource_uri as string)));
      ctx.verify(
        again.status < 300 && made.name === name,
        `a valid create named ${name} after the refused one answered ${again.status} with name ${String(made.name)}`,
        {
          expected: { status: '2xx', name },
          actual: { status: again.status, name: made.name, body: again.status < 300 ? undefined : again.text().slice(0, 200) },
          requirement: REFUSED_CREATE,
        },
      );
    },
  });
}

export function refusedCreateChecks(): CloudCheck[] {
  return KINDS.map(refusedCreateCheck);
}
