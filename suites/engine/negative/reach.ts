/**
 * How the negative sweep reaches an endpoint: a request that is valid but for the one bad input
 * (so that the bad input is what the target answers), and the removal of what a target that
 * accepted the bad input created. Endpoints it cannot reach that way are listed with the reason.
 */
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { RUN_LABEL } from '../../../harness/fixtures/labels.ts';
import type { EngineContext } from '../support/context.ts';
import { withoutNetwork } from '../support/context.ts';
import { EXITS_ON_TERM } from '../support/signal-programs.ts';

/** The valid request the bad input is put into. */
export interface ValidRequest {
  path: string;
  /** A fresh query and body for each request (new names: an accepted one took the last ones). */
  fresh(): { query: Record<string, string>; body?: Record<string, unknown> };
  /** Removes what an accepted request created (its answer's body). */
  removeCreated?: (answer: Record<string, unknown>) => Promise<void>;
}

/**
 * Endpoints left out of the sweep, and why: each needs what a valid request of it cannot be built
 * from without side effects beyond the run (a registry, a build context) or a resource of its own.
 */
export const NOT_SWEPT: Readonly<Record<string, string>> = {
  'engine/images/build': 'a build needs a context archive, and an accepted bad value builds an image',
  'engine/images/commit': 'an accepted bad value commits an image',
  'engine/system/auth': 'a valid request logs in to a registry',
  'engine/exec/create': 'needs a running container; exec bodies are checked by the exec section',
  'engine/exec/start': 'needs an exec instance',
  'engine/containers/copy': 'deprecated in 1.22 and absent from implementations that serve 1.22 paths only',
  'engine/networks/connect': 'needs a network and a container of its own',
  'engine/networks/disconnect': 'needs a network and a container of its own',
};

/**
 * Input classes another check sends already (one cause, one failure): the class is left out of the
 * sweep for that endpoint, the check that covers it named.
 */
export const SWEPT_ELSEWHERE: Readonly<Record<string, Readonly<Record<string, string>>>> = {
  'engine/containers/create': { 'body-not-json': 'engine/containers/create/400-bad-parameter (a truncated create body)' },
};

/**
 * Endpoints whose request goes to a running container (one that a stop ends at once), and the
 * listed state codes that contradicts: to a created container a stop's 304 (already stopped) would
 * fit, and a kill or resize could be refused for the state rather than for the bad input.
 */
const ON_RUNNING: Readonly<Record<string, Readonly<Record<number, string>>>> = {
  'engine/containers/stop': { 304: "the check's container is running" },
  'engine/containers/kill': {},
  'engine/containers/resize': {},
};

/**
 * The listed error codes whose meaning the valid request contradicts, each with the reason: a
 * bad input cannot be answered with them (404 where the check's own container is addressed).
 */
export function contradictedCodes(endpoint: Endpoint): Readonly<Record<number, string>> {
  const own: Record<number, string> = endpoint.path.includes('{id}') ? { 404: "the check's own container exists" } : {};
  return { ...own, ...ON_RUNNING[endpoint.id] };
}

/** Unix seconds, as the spec's timestamps are given. */
function nowSeconds(): number {
  return Math.floor(Date.now() / 1000);
}

type BodyOf = (ctx: EngineContext) => Record<string, unknown>;

/** A valid body of each request schema the sweep sends. */
const VALID_BODIES: Readonly<Record<string, BodyOf>> = {
  'container-create-request': (ctx) => withoutNetwork({ Image: ctx.fixtureImage(), Cmd: ['true'], Labels: { [RUN_LABEL]: ctx.run.runId } }),
  'host-config': () => ({}),
  'container-update-request': () => ({ CpuShares: 512 }),
  'network-create-request': (ctx) => ({ Name: ctx.uniqueName('net') }),
  'volume-create-request': (ctx) => ({ Name: ctx.uniqueName('vol') }),
};

/** The query a valid request needs besides the swept parameter. */
function validQuery(ctx: EngineContext, endpoint: Endpoint): Record<string, string> {
  if (endpoint.id === 'engine/containers/create') return { name: ctx.uniqueName('bad') };
  // A logs request without a stream is refused for that (Docker: "you must choose at least one stream").
  if (endpoint.id === 'engine/containers/logs') return { stdout: '1' };
  // A window in the past: the event stream ends at once.
  if (endpoint.id === 'engine/system/events') return { since: String(nowSeconds() - 2), until: String(nowSeconds() - 1) };
  return {};
}

/** DELETE of what a create answered, by the member that names it. */
function remover(ctx: EngineContext, endpoint: Endpoint): ValidRequest['removeCreated'] {
  const removals: Record<string, [string, string]> = {
    'engine/containers/create': ['Id', '/containers/{}?force=1'],
    'engine/networks/create': ['Id', '/networks/{}'],
    'engine/volumes/create': ['Name', '/volumes/{}'],
  };
  const removal = removals[endpoint.id];
  if (!removal) return undefined;
  const [member, template] = removal;
  return async (answer) => {
    const name = answer[member];
    if (typeof name !== 'string') return;
    const [path, query] = template.replace('{}', encodeURIComponent(name)).split('?');
    await ctx.api.delete(path ?? '', query ? Object.fromEntries(new URLSearchParams(query)) : undefined);
  };
}

/** Why an endpoint cannot be swept, or undefined when it can. */
export function unreachable(endpoint: Endpoint): string | undefined {
  const reason = NOT_SWEPT[endpoint.id];
  if (reason) return reason;
  const placeholders = endpoint.path.match(/\{\w+\}/g) ?? [];
  if (placeholders.length > 0 && !endpoint.path.startsWith('/containers/{id}')) return 'needs a resource of its own (not a container)';
  const schema = endpoint.requestBody?.schema;
  if (schema && endpoint.requestBody?.contentType === 'application/json' && !VALID_BODIES[schema]) return `no valid ${schema} body is known to the sweep`;
  return undefined;
}

/** A valid request of the endpoint: its container (created, not started, or running for ON_RUNNING) made for the check. */
export async function validRequest(ctx: EngineContext, endpoint: Endpoint): Promise<ValidRequest> {
  let path = endpoint.path;
  if (path.includes('{id}')) {
    const container = (): ReturnType<EngineContext['createContainer']> =>
      ON_RUNNING[endpoint.id] ? ctx.runningContainer([...EXITS_ON_TERM]) : ctx.createContainer({ cmd: ['true'] });
    const { id } = await ctx.setUp(container);
    path = path.replace('{id}', id);
  }
  const schema = endpoint.requestBody?.contentType === 'application/json' ? endpoint.requestBody.schema : undefined;
  const bodyOf = schema ? VALID_BODIES[schema] : undefined;
  return { path, fresh: () => ({ query: validQuery(ctx, endpoint), body: bodyOf?.(ctx) }), removeCreated: remover(ctx, endpoint) };
}
