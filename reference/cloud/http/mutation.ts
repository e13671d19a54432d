/**
 * The cloud reference's one hook for mutation testing (harness/mutation/hook.ts): for a call to a
 * catalog endpoint, the mutant's changes to its query, request body, status and answer, and the
 * call as the service answered it, handed to the hook's observer.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import { cloudCatalogPath, EndpointMatcher } from '../../../harness/judge/endpoint-matcher.ts';
import type { WireShape } from '../../../harness/mutation/apply-stream.ts';
import type { MutationHook } from '../../../harness/mutation/hook.ts';
import type { TransportOp } from '../../../harness/mutation/types.ts';
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import type { ApiRequest, Reply } from './types.ts';

const MATCHER = new EndpointMatcher(loadEndpoints('cloud'), cloudCatalogPath);

/** The catalog endpoint of a call. The catalog writes the spec's neutral words (vendor-upgrade); the request may spell them as a vendor does. */
function endpointOf(method: string, path: string, spell: (name: string) => string): string | undefined {
  return MATCHER.match(method, path.replace(`/${spell('vendor-upgrade')}/`, '/vendor-upgrade/'))?.id;
}

/** How the front sends a reply (server.ts writeReply): a JSON body always with its Content-Length. */
const wireOf = (reply: Reply): WireShape => ({ lengthDelimited: reply.body !== undefined && reply.status !== 204 });

/** The legal transport variation the mutant applies to the answer of a call, if any. */
export function transportOf(hook: MutationHook | undefined, method: string, path: string, spell: (name: string) => string): TransportOp | undefined {
  const endpoint = hook && endpointOf(method, path, spell);
  return endpoint ? hook.activeFor(endpoint, 'v1')?.transport?.op : undefined;
}

/** Calls the handler with the request as the mutant lets it arrive, and answers as the mutant changes the reply. */
export async function mutatedCall(
  hook: MutationHook | undefined,
  req: ApiRequest,
  spell: (name: string) => string,
  handle: (req: ApiRequest) => Promise<Reply>,
): Promise<Reply> {
  const endpoint = hook && endpointOf(req.method, req.path, spell);
  if (!hook || !endpoint) return handle(req);
  const active = hook.activeFor(endpoint, 'v1');
  const query = new URLSearchParams(req.query);
  active?.query(query, spell);
  if (active?.delayMs) await new Promise((resolve) => setTimeout(resolve, active.delayMs));
  // a retried call arrives with the request its action recorded: its decisions are this mutant's, not the recorded ones
  const { mutation: _recorded, ...arrived } = req;
  const decisions = active?.cloud ? { mutation: active.cloud } : {};
  const reply = await handle({ ...arrived, query, body: active ? active.requestBody(req.body) : req.body, ...decisions });
  const error = isJsonObject(reply.body) && typeof reply.body.error === 'string' ? reply.body.error : undefined;
  hook.observe?.({
    endpoint,
    version: 'v1',
    query: req.query.toString(),
    requestBody: req.body,
    status: reply.status,
    answers: reply.body === undefined ? [] : [reply.body],
    wire: wireOf(reply),
    ...(error !== undefined && reply.status >= 400 ? { errorText: error } : {}),
  });
  if (!active) return reply;
  const withheld = active.headerWithheld;
  const header = withheld?.status === reply.status ? { withheldHeader: withheld.header } : {};
  return { ...reply, status: active.status(reply.status), body: active.answer(reply.status, reply.body), ...header };
}

/**
 * Whether the front refuses a REST call for its credentials (`none` sent, or `wrong`): always,
 * unless the mutant skips that rule (the call then goes on as the first user). The refusal itself
 * is answered through `mutatedCall`, which the hook observes and may change.
 */
export function credentialsRefused(
  hook: MutationHook | undefined,
  req: Pick<ApiRequest, 'method' | 'path'>,
  sent: 'none' | 'wrong',
  spell: (name: string) => string,
): boolean {
  const endpoint = hook && endpointOf(req.method, req.path, spell);
  return !(endpoint && hook.activeFor(endpoint, 'v1')?.cloud?.credentialsAccepted === sent);
}

/**
 * A Stream upgrade refused for its credentials, as the hook sees it (a 401 of the endpoint), and
 * whether the mutant lets it through instead (as the first user, as for REST).
 */
export function upgradeCredentialsRefused(hook: MutationHook | undefined, path: string, sent: 'none' | 'wrong', spell: (name: string) => string): boolean {
  const endpoint = hook && endpointOf('GET', path, spell);
  if (!hook || !endpoint) return true;
  hook.observe?.({ endpoint, version: 'v1', query: '', status: 401, answers: [], wire: { lengthDelimited: true } });
  return credentialsRefused(hook, { method: 'GET', path }, sent, spell);
}
