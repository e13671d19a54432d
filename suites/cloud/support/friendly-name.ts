/**
 * Names as people write them, for the rules "nickname defaults to name" (node cluster, service,
 * stack): the spec's names are strings, with no rule of form, and the default is the name itself.
 * A target that makes the default from the name (lowercased, turned into a hostname label, as
 * names reused in hostnames are) shows another nickname, which the suite's lowercase-with-dashes
 * names cannot tell apart from the name.
 */
import { isSuccess, type HttpResponse } from '../../../harness/target/http-transport.ts';
import type { CloudContext } from './context.ts';

/** Capitals, a space, an underscore and a dot, before the run's marker (ctx.uniqueName: a run's leftovers are swept by it). */
export function friendlyName(ctx: CloudContext, purpose: string): string {
  return `My Web_2.0 ${ctx.uniqueName(purpose)}`;
}

/**
 * A create (`post` of a body carrying the name given) with a friendlyName; when the target
 * refuses it, the same name with dashes for its spaces (capitals, underscore and dot kept): a
 * target may hold a name it makes hostnames from (a service's, for its containers) to a rule the
 * spec does not state. The refusal is observed; the last name sent and its answer are returned.
 */
export async function postFriendlyNamed(
  ctx: CloudContext,
  purpose: string,
  post: (name: string) => Promise<HttpResponse>,
): Promise<{ name: string; res: HttpResponse }> {
  const name = friendlyName(ctx, purpose);
  const res = await post(name);
  if (isSuccess(res.status)) return { name, res };
  ctx.observe(`a create named '${name}' was refused (${res.status}): the spec states no rule of form for names; the name is sent without spaces`);
  const spaceless = name.replaceAll(' ', '-');
  return { name: spaceless, res: await post(spaceless) };
}
