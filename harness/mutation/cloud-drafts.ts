/**
 * The cloud suite's mutants of behaviour (cloud-spec.ts), each generated at every site the catalog
 * names: every cell of every state table flipped, the state each operation reaches replaced by
 * every other settled state, every stated request default replaced, include_related answering
 * the whole tree, every asynchronous operation's action never finishing or ending Failed, the
 * namespace and authentication rules skipped, every operation answered and not applied, a
 * refused create leaving its object, a terminated object answered
 * as alive, and (legal) a refusal answered as a Failed action.
 */
import path from 'node:path';
import { loadStateTables, stateSlug, type StateTable } from '../../catalog/cloud/state-tables.ts';
import type { Endpoint, Requirement } from '../catalog/types.ts';
import { SCHEMAS_DIR } from '../schema/validator.ts';
import type { CloudMutationSpec } from './cloud-spec.ts';
import { SchemaDefaults } from './schema-defaults.ts';
import type { SiteRequirements } from './site-requirements.ts';

/** The part of a mutant the generator fills in per atom (as generate.ts's drafts). */
export interface CloudDraft {
  operator: string;
  atom: string;
  spec: CloudMutationSpec;
  requirements: string[];
  description: string;
}

/**
 * The settled state each operation of the tables leads to, as the spec's operation descriptions
 * state it (start and redeploy run, stop stops, terminate terminates, deploy, upgrade and a
 * health check leave a node deployed).
 */
const REACHED: Readonly<Record<string, string>> = {
  start: 'Running',
  redeploy: 'Running',
  stop: 'Stopped',
  terminate: 'Terminated',
  deploy: 'Deployed',
  'vendor-upgrade': 'Deployed',
  'health-check': 'Deployed',
};

/** The requirements of an endpoint that state an order: where `answer/list-reversed` of its list belongs first. */
export function statedOrder(requirements: readonly Requirement[], endpoint: string): string[] {
  return requirements.filter((r) => r.id.startsWith(`${endpoint}/`) && /\border\b|chronolog|newest|oldest/i.test(r.statement)).map((r) => r.id);
}

/** The endpoint's requirements that a refused create makes nothing, else the general rule of codes. */
function refusedLeavesNothing(ctx: Context, endpoint: string): string[] {
  const own = ctx.requirements.filter((r) => r.id.startsWith(`${endpoint}/`) && /(creates|adds) nothing|nothing is created/i.test(r.statement));
  return own.length ? own.map((r) => r.id) : ctx.sites.ofStatus(endpoint, 400, 'codes');
}

const NAMESPACED = /^\/api\/(app|infra|repo)\//;

interface Context {
  endpoints: readonly Endpoint[];
  requirements: readonly Requirement[];
  sites: SiteRequirements;
  version: string;
  defaults: SchemaDefaults;
}

export function cloudDrafts(endpoints: readonly Endpoint[], requirements: readonly Requirement[], sites: SiteRequirements, version: string): CloudDraft[] {
  const defaults = new SchemaDefaults(path.join(SCHEMAS_DIR, 'cloud', version));
  const ctx: Context = { endpoints, requirements, sites, version, defaults };
  const tables = loadStateTables();
  return [
    ...tables.flatMap((t) => cellDrafts(ctx, t)),
    ...tables.flatMap((t) => reachedDrafts(ctx, t)),
    ...tables.flatMap((t) => terminatedDrafts(ctx, t)),
    ...tables.flatMap((t) => refusalDrafts(ctx, t)),
    ...defaultDrafts(ctx),
    ...includeRelatedDrafts(ctx),
    ...endpoints.flatMap((e) => operationDrafts(ctx, e)),
  ];
}

const endpointOf = (ctx: Context, id: string): Endpoint | undefined => ctx.endpoints.find((e) => e.id === id);
const documents = (e: Endpoint | undefined, status: number): boolean => Boolean(e?.responses.some((r) => r.status === status));

function tableOps(ctx: Context, t: StateTable): Array<{ op: string; e: Endpoint }> {
  return Object.entries(t.operations).flatMap(([op, id]) => {
    const e = endpointOf(ctx, id);
    return e ? [{ op, e }] : [];
  });
}

/** Each (state, operation) cell answered the other way: the requirement id says the reference's reading. */
function cellDrafts(ctx: Context, t: StateTable): CloudDraft[] {
  return t.states.flatMap((row) =>
    tableOps(ctx, t).flatMap(({ op, e }) => {
      const prefix = `cloud/states/${t.resource}/${stateSlug(row.state)}-`;
      const cell = ctx.requirements.find((r) => r.id === `${prefix}allows-${op}` || r.id === `${prefix}rejects-${op}`);
      if (!cell) return [];
      const allowed = cell.id.endsWith(`allows-${op}`);
      return [
        {
          operator: allowed ? 'state/cell-allowed-refused' : 'state/cell-refused-accepted',
          atom: `${row.state} ${op}`,
          spec: { kind: 'state-cell', endpoint: e.id, version: ctx.version, resource: t.resource, state: row.state, allowed },
          requirements: [cell.id],
          description: allowed
            ? `${e.method} ${e.path}: ${op} of a ${t.resource} in state ${row.state} is refused with 409 (the table allows it)`
            : `${e.method} ${e.path}: ${op} of a ${t.resource} in state ${row.state} is accepted and run (the table refuses it)`,
        },
      ];
    }),
  );
}

/** The settled states of a table that are not gone (a terminated object is not alive). */
const settled = (t: StateTable): string[] => t.states.filter((r) => !r.transitional).map((r) => r.state);

/** Each operation leaving its resource in every other settled state than the one it leads to. */
function reachedDrafts(ctx: Context, t: StateTable): CloudDraft[] {
  return tableOps(ctx, t).flatMap(({ op, e }) => {
    const natural = REACHED[op];
    if (!natural || !settled(t).includes(natural)) return [];
    return settled(t)
      .filter((s) => s !== natural)
      .map((reached) => ({
        operator: 'state/reached-replaced',
        atom: `${op} ends ${reached}`,
        spec: { kind: 'state-reached', endpoint: e.id, version: ctx.version, resource: t.resource, reached },
        requirements: ctx.sites.ofStatus(e.id, 202, 'codes'),
        description: `${e.method} ${e.path}: ${op} leaves the ${t.resource} ${reached} (not ${natural})`,
      }));
  });
}

/**
 * A terminated object answered as if it were alive: by its GET in the settled state that allows
 * the most operations, by each operation in a settled state that allows it (so it is run).
 */
function terminatedDrafts(ctx: Context, t: StateTable): CloudDraft[] {
  if (!t.states.some((r) => r.state === 'Terminated')) return [];
  const alive = t.states.filter((r) => !r.transitional && r.state !== 'Terminated');
  const get = endpointOf(ctx, `cloud/${t.resource}/get`);
  const mostAllowing = alive.reduce((best, r) => (r.allowed.length > best.allowed.length ? r : best)).state;
  const verbs = tableOps(ctx, t).flatMap(({ op, e }) => {
    const state = alive.find((r) => r.allowed.includes(op))?.state;
    const cell = `cloud/states/${t.resource}/terminated-rejects-${op}`;
    return state ? [{ e, state, requirements: ctx.requirements.filter((r) => r.id === cell).map((r) => r.id) }] : [];
  });
  const sites = [...(get ? [{ e: get, state: mostAllowing, requirements: ctx.sites.ofStatus(get.id, 200, 'shape') }] : []), ...verbs];
  return sites.map(({ e, state, requirements }) => ({
    operator: 'operation/deleted-still-answered',
    atom: `terminated as ${state}`,
    spec: { kind: 'terminated-alive', endpoint: e.id, version: ctx.version, alive: state },
    requirements: requirements.length ? requirements : ctx.sites.ofStatus(e.id, 200, 'codes'),
    description: `${e.method} ${e.path}: a terminated ${t.resource} is answered as if it were ${state}`,
  }));
}

/** Legal: where the operation may answer 202, a state table's refusal answered 202 with an action that ends Failed. */
function refusalDrafts(ctx: Context, t: StateTable): CloudDraft[] {
  return tableOps(ctx, t)
    .filter(({ e }) => documents(e, 202))
    .map(({ op, e }) => ({
      operator: 'legal/refusal-as-failed-action',
      atom: `refused ${op} as Failed action`,
      spec: { kind: 'refusal-as-failed-action', endpoint: e.id, version: ctx.version } as const,
      requirements: ctx.requirements.filter((r) => r.id.startsWith(`cloud/states/${t.resource}/`) && r.id.endsWith(`-rejects-${op}`)).map((r) => r.id),
      description: `${e.method} ${e.path}: a ${op} the state refuses is answered 202, its action ending Failed`,
    }))
    .filter((d) => d.requirements.length);
}

/** Each default a request schema states, replaced by another value of its type. */
function defaultDrafts(ctx: Context): CloudDraft[] {
  return ctx.endpoints.flatMap((e) => {
    const schema = e.requestBody?.schema;
    if (!schema) return [];
    return ctx.defaults.of(schema).map((d) => {
      const field = d.path.at(-1)!;
      const slug = field.replace(/_/g, '-');
      const stated = ctx.requirements.filter((r) => r.id.startsWith(`${e.id}/default-`) && r.id.includes(slug)).map((r) => r.id);
      const shown = d.path.join('.').replace(/\.\[\]/g, '[]');
      return {
        operator: 'default/replaced',
        atom: `default ${shown}`,
        spec: { kind: 'body-default', endpoint: e.id, version: ctx.version, path: d.path, value: d.other },
        requirements: stated.length ? stated : ctx.sites.ofBodyField(e.id, field),
        description: `${e.method} ${e.path}: ${shown} left out is taken as ${JSON.stringify(d.other)} (the spec's default is ${JSON.stringify(d.stated)})`,
      };
    });
  });
}

/**
 * The roots of the include_related trees (a stack, a node cluster): their related objects are
 * their whole tree already, so answering the tree changes nothing there.
 */
const TREE_ROOTS: readonly string[] = ['stack', 'nodecluster'];

/** include_related=true answering the whole tree, per kind of object the catalog's requirements name. */
function includeRelatedDrafts(ctx: Context): CloudDraft[] {
  const endpoint = 'cloud/action/list';
  return ctx.requirements.flatMap((r) => {
    const kind = new RegExp(`^${endpoint}/include-related-([a-z]+)$`).exec(r.id)?.[1];
    if (!kind || kind === 'false' || TREE_ROOTS.includes(kind)) return [];
    return [
      {
        operator: 'action/include-related-tree',
        atom: `include_related ${kind}`,
        spec: { kind: 'include-related-tree', endpoint, version: ctx.version, objectKind: kind },
        requirements: [r.id],
        description: `the action list with object=<${kind} URI>&include_related=true answers the actions of the whole tree, not only the related objects`,
      },
    ];
  });
}

/**
 * Per endpoint: an asynchronous operation's action never finishing and ending Failed; a verb or
 * create answered with its success and not applied; a foreign namespace accepted.
 */
function operationDrafts(ctx: Context, e: Endpoint): CloudDraft[] {
  const at = { endpoint: e.id, version: ctx.version };
  const verb = e.method !== 'GET' && e.method !== 'PATCH' && documents(e, 202) && e.path.includes('{uuid}');
  const create = e.method === 'POST' && documents(e, 201);
  const actions = documents(e, 202)
    ? (['never', 'Failed'] as const).map((end) => ({
        operator: end === 'never' ? 'action/never-finishes' : 'action/ends-failed',
        atom: `action ${end === 'never' ? 'never finishes' : 'ends Failed'}`,
        spec: { kind: 'action-end', ...at, end } as const,
        requirements: ctx.sites.ofStatus(e.id, 202, 'codes'),
        description: `${e.method} ${e.path}: its action ${end === 'never' ? 'stays In progress' : 'ends Failed where the operation succeeded'}`,
      }))
    : [];
  const notApplied: CloudDraft[] =
    verb || create
      ? [
          {
            operator: 'operation/not-applied',
            atom: `applied ${create ? 201 : 202}`,
            spec: { kind: 'operation-not-applied', ...at },
            requirements: ctx.sites.ofStatus(e.id, create ? 201 : 202, 'codes'),
            description: `${e.method} ${e.path} answers ${create ? 201 : 202} and does nothing`,
          },
        ]
      : [];
  const required = create && e.requestBody?.schema ? ctx.defaults.required(e.requestBody.schema) : undefined;
  const leaves: CloudDraft[] = required
    ? [
        {
          operator: 'operation/refused-create-leaves',
          atom: 'refused create leaves its object',
          spec: { kind: 'refused-create-leaves', ...at, required },
          requirements: refusedLeavesNothing(ctx, e.id),
          description: `${e.method} ${e.path} refuses a create (400, 409) and still makes the object`,
        },
      ]
    : [];
  const namespace: CloudDraft[] = NAMESPACED.test(e.path)
    ? [
        {
          operator: 'namespace/foreign-accepted',
          atom: 'foreign namespace',
          spec: { kind: 'namespace-foreign-accepted', ...at },
          requirements: ['cloud/namespaces/identifies-owner'],
          description: `${e.method} ${e.path} accepts a namespace segment the caller does not belong to`,
        },
      ]
    : [];
  return [...actions, ...notApplied, ...leaves, ...namespace, ...credentialDrafts(ctx, e)];
}

/** The rules a call without valid credentials breaks when it is served: REST's, or the Stream API's upgrade rule. */
const REFUSED_CALLER: Record<'rest' | 'stream', Record<'none' | 'wrong', string>> = {
  rest: { none: 'cloud/auth/rest-without-credentials-refused', wrong: 'cloud/auth/rest-wrong-key-refused' },
  stream: { none: 'cloud/auth/stream-without-credentials-refused', wrong: 'cloud/auth/stream-without-credentials-refused' },
};

/** A call without credentials, and one with a wrong API key, served instead of refused. */
function credentialDrafts(ctx: Pick<Context, 'version'>, e: Endpoint): CloudDraft[] {
  const at = { endpoint: e.id, version: ctx.version };
  const api = e.interface === 'stream' ? 'stream' : 'rest';
  const call = api === 'stream' ? 'an upgrade' : 'a call';
  return (['none', 'wrong'] as const).map((sent) => ({
    operator: sent === 'none' ? 'auth/without-credentials-accepted' : 'auth/wrong-key-accepted',
    atom: sent === 'none' ? 'no credentials' : 'wrong API key',
    spec: { kind: 'credentials-accepted', ...at, sent } as const,
    requirements: [REFUSED_CALLER[api][sent]],
    description: `${e.method} ${e.path} accepts ${call} ${sent === 'none' ? 'without credentials' : 'with a wrong API key'}`,
  }));
}

/**
 * The Stream API's endpoints take part in the credentials operators only: their answers are
 * WebSocket messages, which the other operators do not reach.
 */
export function cloudStreamDrafts(endpoints: readonly Endpoint[], version: string): CloudDraft[] {
  return endpoints.filter((e) => e.interface === 'stream').flatMap((e) => credentialDrafts({ version }, e));
}
