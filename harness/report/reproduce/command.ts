import type { SuiteName } from '../../catalog/types.ts';
import { grepOfChecks } from '../../check/register.ts';
import { isDefaultTimeout, type ReproContext } from './context.ts';
import { quote } from './shell-quote.ts';

/** The environment variables a reproduction reads credentials from: secrets never appear in a report. */
export const CREDENTIAL_VARIABLES = {
  auth: 'CONFORMANCE_AUTH',
  auth2: 'CONFORMANCE_AUTH2',
  registryAuth: 'CONFORMANCE_REGISTRY_AUTH',
  cloudRepositoryAuth: 'CONFORMANCE_CLOUD_REPOSITORY_AUTH',
  /** The file holding the registry token, when the run was given the token itself rather than a file. */
  registryTokenFile: 'CONFORMANCE_REGISTRY_TOKEN_FILE',
} as const;

/**
 * The command that runs one check again with what shaped it in the run: the target, the suite, the
 * seed, the faults, profile, namespace, registry, TLS files; credentials as "$CONFORMANCE_AUTH" and
 * the like, which the shell fills in. Without a check id it runs the suite (a probe, a summary).
 */
export function reproduceCommand(ctx: ReproContext, suite: SuiteName, checkId: string | undefined): string {
  const args: string[] = ['conformance', 'run', '--target', quote(ctx.target), '--suite', suite];
  if (checkId !== undefined) args.push('--grep', quote(grepOfChecks([checkId])));
  args.push('--seed', String(ctx.seed));
  for (const fault of ctx.faults) args.push('--fault', quote(fault));
  if (ctx.vendorProfile !== 'docker') args.push('--vendor-profile', quote(ctx.vendorProfile));
  if (!isDefaultTimeout(ctx.timeoutMs)) args.push('--timeout-ms', String(ctx.timeoutMs));
  for (const [flag, file] of [
    ['--tls-ca', ctx.tls?.ca],
    ['--tls-cert', ctx.tls?.cert],
    ['--tls-key', ctx.tls?.key],
  ] as const) {
    if (file) args.push(flag, quote(file));
  }
  if (ctx.auth) args.push('--auth', `"$${CREDENTIAL_VARIABLES.auth}"`);
  if (ctx.auth2) args.push('--auth2', `"$${CREDENTIAL_VARIABLES.auth2}"`);
  if (ctx.namespace) args.push('--namespace', quote(ctx.namespace));
  for (const name of ctx.cloudRepositories ?? []) args.push('--cloud-repository', quote(name));
  if (ctx.cloudRepositoryAuth) args.push('--cloud-repository-auth', `"$${CREDENTIAL_VARIABLES.cloudRepositoryAuth}"`);
  if (ctx.streamTarget) args.push('--stream-target', quote(ctx.streamTarget));
  if (ctx.registry) args.push('--registry', quote(ctx.registry));
  if (ctx.registryAuth) args.push('--registry-auth', `"$${CREDENTIAL_VARIABLES.registryAuth}"`);
  if (ctx.registryToken) {
    const file = ctx.registryToken.file ? quote(ctx.registryToken.file) : `"$${CREDENTIAL_VARIABLES.registryTokenFile}"`;
    args.push('--registry-token-repository', quote(ctx.registryToken.repository), '--registry-token-file', file);
  }
  if (ctx.image) args.push('--image', quote(ctx.image));
  if (ctx.fixtureRootfs) args.push('--fixture-rootfs', quote(ctx.fixtureRootfs));
  return args.join(' ');
}
