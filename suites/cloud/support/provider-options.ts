/**
 * The Cloud API spec shows the node cluster provider options (`vpc` {id, subnets,
 * security_groups}, `iam` {instance_profile_name}) "for one public cloud provider" and says those
 * of other providers are not shown. It does not name that provider, but the options are Amazon
 * EC2's own terms (a VPC with subnets and security groups, an IAM instance profile): only a
 * provider that is Amazon Web Services (by its name `aws` or its label) is held to keeping them.
 * Elsewhere what a provider does with them is observed, never judged.
 */
import type { CloudContext } from './context.ts';

const AMAZON = /^aws$|amazon web services|\baws\b/i;

/** Is `providerUri` the provider the spec shows the options for? (its GET is set-up) */
export async function showsProviderOptions(ctx: CloudContext, providerUri: string): Promise<boolean> {
  const provider = await ctx.setUp(() => ctx.getJson('provider', providerUri, 'provider'));
  return AMAZON.test(String(provider.name ?? '')) || AMAZON.test(String(provider.label ?? ''));
}
