/**
 * The negative sweep, generated from the catalog: one check per (endpoint, input class). Each one
 * sends the endpoint values outside a documented type (input-classes.ts) inside an otherwise valid
 * request (reach.ts), seeded from the run's seed, and shows the shrunk input that broke the rule.
 * Spec: Errors: "400: bad parameter"; an endpoint that lists 400 answers it, one that does not
 * still answers a client error, never a server error (500) or a success. Endpoints: "Status codes
 * listed are the success and error codes of each operation": where 500 is the only listed error code
 * the request does not contradict (a 404 for the check's own container, a stop's 304 for a running
 * one), a bad query parameter is refused with 500.
 */
import { loadEndpoints, loadRequirements } from '../../../harness/catalog/load.ts';
import type { Endpoint, EngineVersion } from '../../../harness/catalog/types.ts';
import { type Sent, shownRequest, withInput } from '../../../harness/check/bad-input.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { forAll } from '../support/properties.ts';
import { type InputClass, inputClasses, isQueryClass } from './input-classes.ts';
import { contradictedCodes, SWEPT_ELSEWHERE, unreachable, type ValidRequest, validRequest } from './reach.ts';

export const WHERE_LISTED = 'engine/errors/400-bad-parameter/where-listed';
export const CLIENT_ERROR = 'engine/errors/400-bad-parameter/client-error';
export const ONLY_500 = 'engine/errors/500-server-error/bad-parameter-where-only-listed';
type Rule = typeof WHERE_LISTED | typeof CLIENT_ERROR | typeof ONLY_500;
const VERSIONS: EngineVersion[] = ['1.18', '1.22'];
/** Requests per class: each one a round trip, some a create. */
const RUNS = 6;

/**
 * Whether 500 is the only listed error code that fits the sweep's request: GET /images/json, /events,
 * /volumes, /networks (200, 500), and the container endpoints whose other codes the request
 * contradicts (stop: 304, 404; restart, kill, resize, logs: 404).
 */
function only500Fits(endpoint: Endpoint): boolean {
  const contradicted = contradictedCodes(endpoint);
  const errors = endpoint.responses.filter((r) => r.status >= 300 && contradicted[r.status] === undefined);
  return errors.length > 0 && errors.every((r) => r.status === 500);
}

/** The rule a bad input of the class is graded by at the endpoint. */
function ruleOf(endpoint: Endpoint, className: string): Rule {
  if (endpoint.responses.some((r) => r.status === 400)) return WHERE_LISTED;
  return only500Fits(endpoint) && isQueryClass(className) ? ONLY_500 : CLIENT_ERROR;
}

const TITLES: Record<Rule, string> = {
  [WHERE_LISTED]: 'answers 400',
  [CLIENT_ERROR]: 'answers a client error, not 5xx or a success',
  [ONLY_500]: 'is refused with 500, its only listed error code, never a success',
};

/** The status an answer to a bad input must have, or the breach. */
function breach(status: number, rule: Rule, className: string, endpoint: Endpoint): string | undefined {
  if (rule === WHERE_LISTED) {
    // Malformed `filters` JSON: 500 fits as well (every operation may return 500; the measured daemon answers it so).
    if (status === 400 || (status === 500 && className === 'filters-not-json')) return undefined;
    return `answered ${status}, not 400 (bad parameter)`;
  }
  if (rule === ONLY_500) {
    const spec = '"Status codes listed are the success and error codes of each operation"';
    const contradicted = contradictedCodes(endpoint)[status];
    const meaning = endpoint.responses.find((r) => r.status === status)?.meaning;
    if (contradicted) return `answered ${status} (${meaning}), but ${contradicted}: 500 (server error) is the listed code left for a refusal (${spec})`;
    // A code the endpoint does not list is the judge's to report (once per endpoint, engine/errors/listed-codes-only).
    if (status >= 400) return undefined;
    return `answered ${status}: the bad value was accepted, where the endpoint's listed codes leave 500 (server error) for a refusal (${spec})`;
  }
  if (status >= 400 && status < 500) return undefined;
  return status >= 500 ? `answered ${status}: a server error for a bad parameter` : `answered ${status}: the bad value was accepted`;
}

/**
 * Sends the request and returns its status and body. The sweep grades the status itself; where the
 * endpoint lists only 500 the judge of every exchange sees the status too (an unlisted one is its).
 */
async function send(ctx: EngineContext, endpoint: Endpoint, sent: Sent, judged: boolean): Promise<{ status: number; body?: string }> {
  const answer = await sendUnjudged(ctx, endpoint, sent);
  if (judged) ctx.judgeAnswer(sent.method, ctx.api.path(sent.path), { status: answer.status, headers: {}, body: Buffer.alloc(0) });
  return answer;
}

async function sendUnjudged(ctx: EngineContext, endpoint: Endpoint, sent: Sent): Promise<{ status: number; body?: string }> {
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

/**
 * A 404 for the check's own container, to the request without the bad input too: the target does
 * not serve the endpoint (reported by its own checks). Asked only after a 404 to the bad input.
 */
async function blockedWhenNotServed(ctx: EngineContext, endpoint: Endpoint, valid: ValidRequest, status: number): Promise<void> {
  if (status !== 404 || !endpoint.path.includes('{id}')) return;
  const plain = await sendUnjudged(ctx, endpoint, withInput(endpoint.method, valid.path, valid.fresh(), {}));
  if (plain.status === 404) ctx.blockedBy(servedRequirement(endpoint), `${endpoint.method} ${valid.path} answered 404 for the check's own container`);
}

function sweepCheck(endpoint: Endpoint, name: string, versions: EngineVersion[]): EngineCheck {
  const requirement = ruleOf(endpoint, name);
  const what = inputClasses(endpoint, versions[0] ?? '1.22').find((c) => c.name === name)?.what ?? name;
  return engineCheck({
    id: `${requirement}/${endpoint.id.replace(/^engine\//, '')}/${name}`,
    title: `${endpoint.method} ${endpoint.path} with ${what} ${TITLES[requirement]}`,
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
          const answer = await send(ctx, endpoint, sent, requirement === ONLY_500);
          await removeAccepted(valid, answer);
          await blockedWhenNotServed(ctx, endpoint, valid, answer.status);
          const found = breach(answer.status, requirement, name, endpoint);
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
