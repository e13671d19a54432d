/**
 * The cloud reference's one hook for mutation testing (harness/mutation/hook.ts): for a call to a
 * catalog endpoint, the mutant's changes to its query, request body, status and answer, and the
 * call as the service answered it, handed to the hook's observer.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import { cloudCatalogPath, EndpointMatcher } from '../../../harness/judge/endpoint-matcher.ts';
import type { MutationHook } from '../../../harness/mutation/hook.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import type { ApiRequest, Reply } from './types.ts';

const MATCHER = new EndpointMatcher(loadEndpoints('cloud'), cloudCatalogPath);

/** Calls the handler with the request as the mutant lets it arrive, and answers as the mutant changes the reply. */
export async function mutatedCall(
  hook: MutationHook | undefined,
  req: ApiRequest,
  spell: (name: string) => string,
  handle: (req: ApiRequest) => Promise<Reply>,
): Promise<Reply> {
  // The catalog writes the spec's neutral words (vendor-upgrade); the request may spell them as a vendor does.
  const endpoint = hook && MATCHER.match(req.method, req.path.replace(`/${spell('vendor-upgrade')}/`, '/vendor-upgrade/'))?.id;
  if (!hook || !endpoint) return handle(req);
  const active = hook.activeFor(endpoint, 'v1');
  const query = new URLSearchParams(req.query);
  active?.query(query, spell);
  if (active?.delayMs) await new Promise((resolve) => setTimeout(resolve, active.delayMs));
  const reply = await handle({ ...req, query, body: active ? active.requestBody(req.body) : req.body });
  const error = isJsonObject(reply.body) && typeof reply.body.error === 'string' ? reply.body.error : undefined;
  hook.observe?.({
    endpoint,
    version: 'v1',
    query: req.query.toString(),
    requestBody: req.body,
    status: reply.status,
    answers: reply.body === undefined ? [] : [reply.body],
    ...(error !== undefined && reply.status >= 400 ? { errorText: error } : {}),
  });
  return active ? { ...reply, status: active.status(reply.status), body: active.answer(reply.status, reply.body) } : reply;
}
