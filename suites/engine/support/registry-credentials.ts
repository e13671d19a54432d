/**
 * Registry credential checks need a registry that refuses wrong credentials: only then does a
 * transfer that succeeds with the right ones show the target passed them on. The run's
 * `--registry-auth` (the embedded run: its reference registry's account) states such a registry,
 * and `--registry-token-repository` with `--registry-token-file` a repository of one that takes
 * bearer tokens, with a token it accepts (the embedded run: its reference registry's token).
 */
import type { AuthConfig } from '../../../harness/protocol/registry-auth.ts';
import type { RegistryToken } from '../../../harness/run/config.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { buildName, postBuild, registryConfigHeader, type BuildResult } from './build.ts';
import type { EngineContext } from './context.ts';
import { decodeObjects, summarize } from './image-streams.ts';
import { authHeader, expectTransferred, fixtureAs, push, registryOf, registryRepo, untagLocal } from './registry.ts';

/** The embedded reference keeps official-registry repositories named `conformance/private…` private (push and pull need the account). */
export function embeddedPrivateOfficialRepo(ctx: EngineContext): string {
  return `conformance/private-${ctx.uniqueName('official')}`;
}

export interface LoginCredentials {
  username: string;
  password: string;
}

/** The registry's credentials, or not applicable: a registry that needs none cannot show whether they are passed. */
export function registryCredentials(ctx: EngineContext): LoginCredentials {
  const creds = ctx.run.registryAuth;
  if (!creds)
    ctx.notApplicable('the run names no registry credentials (--registry-auth): a registry that accepts anyone cannot show whether the target passes them');
  registryOf(ctx);
  return { username: creds!.user, password: creds!.key };
}

/**
 * The run's repository of a token-checking registry and its token, or not applicable: without a
 * token the registry accepts, the {registrytoken} form cannot be sent as a credential at all.
 */
export function registryToken(ctx: EngineContext): RegistryToken {
  const token = ctx.run.registryToken;
  if (!token)
    ctx.notApplicable(
      'the run names no registry token (--registry-token-repository HOST:PORT/NAME --registry-token-file FILE): ' +
        'the {registrytoken} form needs a repository of a registry that takes bearer tokens and a token it accepts there',
    );
  return token;
}

export function wrongCredentials(creds: LoginCredentials): LoginCredentials {
  return { username: creds.username, password: `${creds.password}-wrong` };
}

/** How a pull, push or build ended: accepted (200, no {error} object) or refused, with the status and what showed it. */
export interface Transfer {
  accepted: boolean;
  status: number;
  detail: string;
}

export function transferOf(ctx: EngineContext, res: HttpResponse, what: string): Transfer {
  if (res.status !== 200) return { accepted: false, status: res.status, detail: `${res.status}: ${res.text().trim().slice(0, 200)}` };
  const errors = summarize(decodeObjects(ctx, res, what)).errors;
  return {
    accepted: errors.length === 0,
    status: res.status,
    detail: errors.length
      ? `200 with {error}: ${errors
          .map((e) => e.message)
          .join('; ')
          .slice(0, 200)}`
      : '200, no error',
  };
}

export function buildTransfer(ctx: EngineContext, result: BuildResult): Transfer {
  return transferOf(ctx, result.res, 'the build');
}

export async function pushWith(ctx: EngineContext, repo: string, tag: string, auth: AuthConfig): Promise<Transfer> {
  return transferOf(ctx, await push(ctx, repo, { tag }, auth), `the push of ${repo}:${tag}`);
}

export async function pullWith(ctx: EngineContext, ref: string, auth: AuthConfig): Promise<Transfer> {
  const res = await ctx.api.post('/images/create', { query: { fromImage: ref }, headers: authHeader(auth), timeoutMs: 60_000 });
  return transferOf(ctx, res, `the pull of ${ref}`);
}

/**
 * A repository of the registry holding the fixture as `base`, pushed with the right credentials
 * and removed locally, so that using it makes the target contact the registry. Set-up.
 */
export async function registryBase(ctx: EngineContext, creds: LoginCredentials, purpose: string, repo = registryRepo(ctx, purpose)): Promise<string> {
  return ctx.setUp(async () => {
    await fixtureAs(ctx, repo, 'base');
    expectTransferred(ctx, await push(ctx, repo, { tag: 'base' }, { ...creds, email: 'conformance@example.invalid' }), `pushing ${repo}:base`);
    await untagLocal(ctx, `${repo}:base`);
    return `${repo}:base`;
  });
}

/**
 * Builds FROM `base` with X-Registry-Config giving `creds` for the registry, keyed by `keyOf` the
 * registry's host:port (by default the host:port alone, the key the spec requires).
 */
export async function buildFrom(
  ctx: EngineContext,
  base: string,
  creds: LoginCredentials,
  keyOf: (host: string) => string = (host) => host,
): Promise<Transfer> {
  const result = await postBuild(ctx, {
    buildFile: `FROM ${base}\nLABEL conformance.from-registry=1\n`,
    query: { t: buildName(ctx, 'from-registry') },
    headers: registryConfigHeader({ [keyOf(registryOf(ctx))]: creds }),
  });
  return buildTransfer(ctx, result);
}
