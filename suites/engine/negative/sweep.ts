/**
 * The negative sweep, generated from the catalog: one check per (endpoint, input class). Each one
 * sends the endpoint values outside a documented type (input-classes.ts) inside an otherwise valid
 * request (reach.ts), seeded from the run's seed, and shows the shrunk input that broke the rule.
 * Spec: Errors: "400: bad parameter"; an endpoint that lists 400 answers it, one that does not
 * still answers a client error, never a server error (500) or a success.
 */
import { loadEndpoints, loadRequirements } from '../../../harness/catalog/load.ts';
import type { Endpoint, EngineVersion } from '../../../harness/catalog/types.ts';
import { type Sent, shownRequest, withInput } from '../../../harness/check/bad-input.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { forAll } from '../support/properties.ts';
import { type InputClass, inputClasses } from './input-classes.ts';
import { SWEPT_ELSEWHERE, unreachable, type ValidRequest, validRequest } from './reach.ts';

export const WHERE_LISTED = 'engine/errors/400-bad-parameter/where-listed';
export const CLIENT_ERROR = 'engine/errors/400-bad-parameter/client-error';
const VERSIONS: EngineVersion[] = ['1.18', '1.22'];
/** Requests per class: each one a round trip, some a create. */
const RUNS = 6;

/** The status an answer to a bad input must have, or the breach. */
function breach(status: number, lists400: boolean): string | undefined {
  if (lists400) return status === 400 ? undefined : `answered ${status}, not 400 (bad parameter)`;
  if (status >= 400 && status < 500) return undefined;
  return status >= 500 ? `answered ${status}: a server error for a bad parameter` : `answered ${status}: the bad value was accepted`;
}

/** Sends the request unjudged (the sweep grades the status itself) and returns its status and body. */
async function send(ctx: EngineContext, endpoint: Endpoint, sent: Sent): Promise<{ status: number; body?: string }> {
  const opts = { query: sent.query, ...(sent.text === undefined ? {} : { body: sent.text, headers: { 'content-type': sent.contentType ?? '' } }) };
  if (endpoint.id === 'engine/system/events') {
    // A stream: its head is the answer; an implementation that ignored `until` would never end it.
    const res = await ctx.api.stream(sent.method, sent.path, opts);
    res.close();
    return { status: res.status };
  }
  const res = await ctx.api.raw(sent.method, ctx.api.path(sent.path), opts);
  return { status: res.status, body: res.text() };
}

async function removeAccepted(valid: ValidRequest, answer: { status: number; body?: string }): Promise<void> {
  if (!valid.removeCreated || answer.status >= 300 || !answer.body) return;
  try {
    await valid.removeCreated(JSON.parse(answer.body) as Record<string, unknown>);
  } catch {
    // Not JSON: nothing was named; the run's sweep removes what carries its id.
  }
}

/** The requirement of an endpoint's success answer: the cause a check names when the endpoint is not served. */
function servedRequirement(endpoint: Endpoint): string {
  return loadRequirements('engine').find((r) => r.id.startsWith(`${endpoint.id}/2`))?.id ?? 'engine/versioning/path-prefix';
}

/** A 404 for the check's own container: the target does not serve the endpoint (reported by its own checks). */
function blockedWhenNotServed(ctx: EngineContext, endpoint: Endpoint, valid: ValidRequest, status: number): void {
  if (status === 404 && endpoint.path.includes('{id}'))
    ctx.blockedBy(servedRequirement(endpoint), `${endpoint.method} ${valid.path} answered 404 for the check's own container`);
}

function sweepCheck(endpoint: Endpoint, name: string, versions: EngineVersion[]): EngineCheck {
  const lists400 = endpoint.responses.some((r) => r.status === 400);
  const requirement = lists400 ? WHERE_LISTED : CLIENT_ERROR;
  const what = inputClasses(endpoint, versions[0] ?? '1.22').find((c) => c.name === name)?.what ?? name;
  return engineCheck({
    id: `${requirement}/${endpoint.id.replace(/^engine\//, '')}/${name}`,
    title: `${endpoint.method} ${endpoint.path} with ${what} ${lists400 ? 'answers 400' : 'answers a client error, not 5xx or a success'}`,
    requirements: [requirement],
    endpoint: endpoint.id,
    versions,
    async run(ctx) {
      const klass = inputClasses(endpoint, ctx.version).find((c): c is InputClass => c.name === name);
      if (!klass) return ctx.notApplicable(`${endpoint.id} has no ${name} input at ${ctx.version}`);
      const valid = await validRequest(ctx, endpoint);
      await forAll(
        ctx,
        klass.arbitrary,
        async (input) => {
          const sent = withInput(endpoint.method, valid.path, valid.fresh(), input);
          const answer = await send(ctx, endpoint, sent);
          await removeAccepted(valid, answer);
          blockedWhenNotServed(ctx, endpoint, valid, answer.status);
          const found = breach(answer.status, lists400);
          return found && `${shownRequest(sent, input)} ${found}`;
        },
        RUNS,
        undefined,
        true,
        // Every value of a finite class is sent: a target may refuse one bad value and take another.
        klass.every,
      );
    },
  });
}

/** One check per (endpoint, input class), over the versions where both exist. */
export function sweepChecks(endpoints: Endpoint[] = loadEndpoints('engine')): EngineCheck[] {
  const checks: EngineCheck[] = [];
  for (const endpoint of endpoints) {
    if (unreachable(endpoint)) continue;
    const versionsOf = new Map<string, EngineVersion[]>();
    for (const version of VERSIONS.filter((v) => endpoint.versions.includes(v))) {
      const elsewhere = SWEPT_ELSEWHERE[endpoint.id] ?? {};
      for (const c of inputClasses(endpoint, version).filter((k) => !elsewhere[k.name])) versionsOf.set(c.name, [...(versionsOf.get(c.name) ?? []), version]);
    }
    for (const [name, versions] of versionsOf) checks.push(sweepCheck(endpoint, name, versions));
  }
  return checks;
}
