/**
 * The cloud negative sweep, generated from the catalog: one check per (endpoint, input class).
 * Each sends the endpoint values outside a documented type or value set (input-classes.ts) inside
 * a request that is valid otherwise (reach.ts), seeded from the run's seed, and shows the shrunk
 * input that broke the rule. No cloud endpoint documents 400 (the spec: error codes "not shown"),
 * so the rule is the Errors section's "the appropriate HTTP error code": a client error (4xx),
 * never a server error or a success; the facts' code for it, 400, is recorded when another 4xx comes.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import { type BadInput, type Sent, shownRequest, withInput } from '../../../harness/check/bad-input.ts';
import { forAll } from '../../../harness/check/for-all.ts';
import { readList } from '../../../harness/protocol/cloud-lists.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { appliesAsFilter, inputClasses } from './input-classes.ts';
import { isStream, SWEPT_ELSEWHERE, unreachable, type ValidRequest, validRequest } from './reach.ts';

export const BAD_INPUT = 'cloud/errors/bad-input-client-error';
/** Requests per class: each one a round trip, some a create. */
const RUNS = 6;

export interface Answer {
  status: number;
  body: unknown;
  /** How a REST answer with a body departs from "Responses are JSON" (its Content-Type, a body that does not parse). */
  notJson?: string;
}

/** "Responses are JSON", errors included: the refusals of the sweep too. */
export const JSON_RESPONSES = 'cloud/http/json-responses';

/** A 200 list with no object: a filter that matched nothing. */
function emptyList(answer: Answer): boolean {
  const read = readList(answer.body);
  return answer.status === 200 && read !== undefined && 'objects' in read && read.objects.length === 0;
}

/** What an answer to a bad input breaks, or undefined. */
export function breach(answer: Answer, filterClass: boolean): string | undefined {
  if (answer.status >= 400 && answer.status < 500) return undefined;
  if (answer.status >= 500) return `answered ${answer.status}: a server error for a client's bad value`;
  if (filterClass && emptyList(answer)) return undefined;
  return `answered ${answer.status}: the bad value was accepted`;
}

async function send(ctx: CloudContext, endpoint: Endpoint, sent: Sent): Promise<Answer> {
  if (isStream(endpoint)) {
    // A Stream request: the upgrade's status is the answer; an accepted one is closed at once.
    const session = await ctx.api.openStream(sent.path, sent.query);
    session.close();
    return { status: session.status, body: undefined };
  }
  const res = await ctx.api.unjudged(sent.method, sent.path, {
    query: sent.query,
    ...(sent.text === undefined ? {} : { body: sent.text, headers: { 'content-type': sent.contentType ?? '' } }),
  });
  return answerOf(res);
}

/** A REST answer: its status and its body read as JSON (undefined when it is not JSON), and how it departs from JSON. */
export function answerOf(res: HttpResponse): Answer {
  const text = res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  const type = String(res.headers['content-type'] ?? '')
    .split(';')[0]!
    .trim()
    .toLowerCase();
  const notJson =
    text.length === 0
      ? undefined
      : type !== 'application/json'
        ? `Content-Type ${type || 'missing'}`
        : body === undefined
          ? 'a body that is not JSON'
          : undefined;
  return { status: res.status, body, ...(notJson ? { notJson: `${res.status} with ${notJson}` } : {}) };
}

/** The input in the run's vendor profile: the catalog spells parameters and fields neutrally (is_vendor_registry). */
function spelled(ctx: CloudContext, input: BadInput): BadInput {
  const query = input.query && Object.fromEntries(Object.entries(input.query).map(([k, v]) => [ctx.spell(k), v]));
  const field = input.body?.field;
  return {
    ...(query ? { query } : {}),
    ...(input.body ? { body: { ...input.body, ...(field ? { field: [ctx.spell(field[0]), field[1]] as [string, unknown] } : {}) } } : {}),
  };
}

/** Terminates (or removes) what an accepted create made. */
export function removeAccepted(ctx: CloudContext, endpoint: Endpoint, answer: Answer): void {
  const uri = (answer.body as { resource_uri?: unknown } | undefined)?.resource_uri;
  if (endpoint.method === 'POST' && answer.status < 300 && typeof uri === 'string') ctx.defer(async () => void (await ctx.api.delete(uri)));
}

/** The valid request must be accepted, or the check could not tell the bad input from the rest. */
async function verifyControl(ctx: CloudContext, endpoint: Endpoint, valid: ValidRequest): Promise<void> {
  const sent = withInput(endpoint.method, valid.path, valid.fresh(), {});
  const answer = await send(ctx, endpoint, sent);
  removeAccepted(ctx, endpoint, answer);
  if (answer.status >= 300) ctx.skip(`the valid request ${shownRequest(sent, {})} answered ${answer.status}: a bad input could not be told from it`);
}

function sweepCheck(endpoint: Endpoint, name: string, what: string): CloudCheck {
  return cloudCheck({
    id: `${BAD_INPUT}/${endpoint.id.replace(/^cloud\//, '')}/${name}`,
    title: `${endpoint.method} ${endpoint.path} with ${what} answers a client error, not 5xx or a success`,
    requirements: [BAD_INPUT, JSON_RESPONSES],
    endpoint: endpoint.id,
    async run(ctx) {
      const klass = inputClasses(endpoint).find((c) => c.name === name);
      if (!klass) return ctx.notApplicable(`${endpoint.id} has no ${name} input`);
      const valid = await validRequest(ctx, endpoint);
      await verifyControl(ctx, endpoint, valid);
      const other4xx = new Set<number>();
      const notJson: string[] = [];
      await forAll(
        ctx,
        klass.arbitrary,
        async (neutral: BadInput) => {
          const input = spelled(ctx, neutral);
          const sent = withInput(endpoint.method, valid.path, valid.fresh(), input);
          const answer = await send(ctx, endpoint, sent);
          removeAccepted(ctx, endpoint, answer);
          if (answer.notJson) notJson.push(`${shownRequest(sent, input)} → ${answer.notJson}`);
          // 415 is the facts' code for a body of another content type.
          if (answer.status > 400 && answer.status < 500 && !(answer.status === 415 && input.body?.contentType)) other4xx.add(answer.status);
          const found = breach(answer, appliesAsFilter(endpoint, neutral));
          return found && `${shownRequest(sent, input)} ${found}`;
        },
        RUNS,
        () => BAD_INPUT,
        true,
        // Every value of a finite class is sent: a target that refuses `ten` may still take `-1`.
        klass.every,
      );
      if (other4xx.size > 0) ctx.observe(`bad values were answered ${[...other4xx].join(', ')}, not 400 (the facts' code for a bad request)`);
      // The sweep's calls are kept from the judge of every exchange (they grade their status here), so their bodies are judged here.
      ctx.verify(notJson.length === 0, 'refusals of bad input were not answered as JSON', {
        expected: 'application/json bodies that parse',
        actual: notJson.slice(0, 3),
        requirement: JSON_RESPONSES,
      });
    },
  });
}

/** One check per (endpoint, input class). */
export function cloudSweepChecks(endpoints: Endpoint[] = loadEndpoints('cloud')): CloudCheck[] {
  return endpoints
    .filter((endpoint) => !unreachable(endpoint))
    .flatMap((endpoint) =>
      inputClasses(endpoint)
        .filter((c) => !SWEPT_ELSEWHERE[endpoint.id]?.[c.name])
        .map((c) => sweepCheck(endpoint, c.name, c.what)),
    );
}
