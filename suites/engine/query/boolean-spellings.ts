/**
 * Spec: Overview: boolean query parameters accept `1`, `True`, `true` for true and `0`, `False`,
 * `false` for false. A general rule, so it is checked at every boolean query parameter the catalog
 * lists, on the fixtures where each one makes a visible difference: every check of a parameter's
 * effect (one naming a requirement `<endpoint>/query-<param>…`: its own, or a stated default it
 * also verifies) gets a sibling that runs it as written (which must pass, else the sibling is
 * blocked by that check's own requirement), then again with each boolean
 * parameter of the endpoint it sends as `1`/`0` spelled `1`/`0`, `true`/`false`, `True`/`False`,
 * and each one whose default the spec states and the check leaves out sent as that default in the
 * same spelling (the spec makes absence and the default the same request). Each spelling must
 * reach the verdict its sibling spellings reach: a respelled run that can no longer reach its
 * subject (it would skip) fails the spelling rules, since as written it passed.
 */
import { loadEndpoints, loadRequirements } from '../../../harness/catalog/load.ts';
import type { Endpoint, QueryParam, Requirement } from '../../../harness/catalog/types.ts';
import { CheckFailure, CheckSkipped } from '../../../harness/check/signals.ts';
import { EndpointMatcher, engineCatalogPath } from '../../../harness/judge/endpoint-matcher.ts';
import { type BooleanStyle, encodeBoolean, respellBooleans } from '../../../harness/protocol/booleans.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';

export const SPELLING_RULES = ['engine/query/boolean-true-spellings', 'engine/query/boolean-false-spellings'];
/** `digit` only adds the absent parameters whose default the spec states, written 1/0. */
const STYLES: readonly BooleanStyle[] = ['digit', 'lower', 'capitalized'];

function booleanQuery(endpoint: Endpoint, version: string): QueryParam[] {
  return (endpoint.query ?? []).filter((q) => q.type === 'boolean' && (!q.versions || q.versions.includes(version)));
}

/** The endpoint's boolean parameters whose default the spec states: absent or sent with that value, they mean the same. */
function statedDefaults(endpoint: Endpoint, version: string): Record<string, boolean> {
  return Object.fromEntries(booleanQuery(endpoint, version).flatMap((q) => (typeof q.default === 'boolean' ? [[q.name, q.default]] : [])));
}

/**
 * Whether a requirement is about the boolean parameters of the endpoint's query: `<endpoint>/query-<tail>`
 * where the tail names a boolean parameter, or names none of the endpoint's parameters (`query-params-as-attach`);
 * or another requirement of the endpoint whose statement names a boolean parameter (`` `noOverwriteDirNonDir` ``).
 */
function aboutBooleanQuery(requirement: string, endpoint: Endpoint, statements: ReadonlyMap<string, string>): boolean {
  const prefix = `${endpoint.id}/query-`;
  if (!requirement.startsWith(prefix)) {
    const statement = requirement.startsWith(`${endpoint.id}/`) ? (statements.get(requirement) ?? '') : '';
    return (endpoint.query ?? []).some((q) => q.type === 'boolean' && statement.includes(`\`${q.name}`));
  }
  const tail = requirement.slice(prefix.length);
  const named = (endpoint.query ?? []).filter((q) => tail === q.name || tail.startsWith(`${q.name}-`));
  return named.length ? named.some((q) => q.type === 'boolean') : true;
}

/**
 * The endpoint whose boolean parameters' effect the check verifies, by the ids of its requirements
 * (its own first: a check of a status that also verifies a stated default names that default's rule).
 */
function probedEndpoint(check: EngineCheck, endpoints: readonly Endpoint[], statements: ReadonlyMap<string, string>): Endpoint | undefined {
  const named = check.requirements.length ? check.requirements : [check.id];
  for (const requirement of named) {
    const endpoint = endpoints.find((e) => e.query?.some((q) => q.type === 'boolean') && aboutBooleanQuery(requirement, e, statements));
    if (endpoint) return endpoint;
  }
  return undefined;
}

const styleName = (style: BooleanStyle): string => `${encodeBoolean(true, style)}/${encodeBoolean(false, style)}`;

/** Runs the check as written (1/0): a breach there is its own requirement's, reported by the check itself. */
async function canonicalRun(ctx: EngineContext, check: EngineCheck): Promise<void> {
  const before = ctx.breaches.length;
  await ctx.setUp(() => check.run(ctx), check.requirements[0]);
  const breached = ctx.breaches.splice(before);
  if (breached.length) ctx.blockedBy(breached[0]!.requirements[0] ?? check.requirements[0]!, breached[0]!.message);
}

/** Runs the check with the endpoint's booleans spelled in `style`; every breach is one of the spelling rules. */
async function respelledRun(ctx: EngineContext, check: EngineCheck, endpoint: Endpoint, style: BooleanStyle): Promise<void> {
  const matcher = new EndpointMatcher([endpoint], engineCatalogPath(ctx.version));
  const params = booleanQuery(endpoint, ctx.version).map((q) => q.name);
  const defaults = statedDefaults(endpoint, ctx.version);
  const filled = Object.keys(defaults).join(', ') || 'none';
  const spelled = `with ${params.join(', ')} of ${endpoint.id} spelled ${styleName(style)} (${filled} sent as their default where left out)`;
  const before = ctx.breaches.length;
  let respelled = 0;
  ctx.api.respell = (method, path) => {
    const sent = matcher.match(method, path) ? respellBooleans(path, params, style, defaults) : path;
    if (sent !== path) respelled++;
    return sent;
  };
  try {
    await check.run(ctx);
  } catch (err) {
    // As written the check reached its verdict; a state it could not reach respelled is the spelling's doing.
    if (err instanceof CheckSkipped)
      ctx.fail(`${spelled} the check could not reach its subject (as written it passed): ${err.message}`, { requirement: SPELLING_RULES });
    if (!(err instanceof CheckFailure)) throw err;
    ctx.fail(`${spelled} (as written it passed): ${err.message}`, { ...err.detail, requirement: SPELLING_RULES });
  } finally {
    ctx.api.respell = undefined;
  }
  if (respelled === 0 && style !== 'digit')
    throw new Error(`${check.id} sent no boolean parameter of ${endpoint.id} as 1/0 and left none to a stated default: its spelling sibling verifies nothing`);
  for (const breach of ctx.breaches.slice(before)) {
    breach.requirements = [...SPELLING_RULES];
    breach.message = `${spelled} (as written it passed): ${breach.message}`;
  }
}

function spellingSibling(check: EngineCheck, endpoint: Endpoint): EngineCheck {
  return engineCheck({
    id: `${check.id}/spellings`,
    title: `${check.title}, with the boolean parameters spelled true/false and True/False as with 1/0`,
    requirements: SPELLING_RULES,
    endpoint: endpoint.id,
    ...(check.versions ? { versions: check.versions } : {}),
    ...(check.serial ? { serial: true } : {}),
    ...(check.long ? { long: true } : {}),
    ...(check.notApplicable ? { notApplicable: check.notApplicable } : {}),
    async run(ctx) {
      await canonicalRun(ctx, check);
      for (const style of STYLES) await respelledRun(ctx, check, endpoint, style);
    },
  });
}

/** The checks, each check of a boolean parameter's effect followed by its spelling sibling. */
export function withSpellingSiblings(
  checks: readonly EngineCheck[],
  endpoints: readonly Endpoint[] = loadEndpoints('engine'),
  requirements: readonly Requirement[] = loadRequirements('engine'),
): EngineCheck[] {
  const statements = new Map(requirements.map((r) => [r.id, r.statement]));
  return checks.flatMap((check) => {
    const endpoint = probedEndpoint(check, endpoints, statements);
    return endpoint ? [check, spellingSibling(check, endpoint)] : [check];
  });
}
