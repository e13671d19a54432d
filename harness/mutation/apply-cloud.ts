/**
 * What a cloud mutant (cloud-spec.ts) does: the decisions the cloud reference consults at its
 * decision points (the state table's verdict, the state an operation reaches, how its action
 * ends, the include_related rule, the namespace rule, whether the operation is applied, a
 * terminated object), handed to it with the exchange's `ActiveMutation`, and which baseline
 * exchanges a mutant changes (the checks that made them are the ones that can kill it).
 */
import { isJsonObject } from '../protocol/json-value.ts';
import type { ActiveMutation } from './apply.ts';
import type { CloudMutationSpec } from './cloud-spec.ts';
import type { ObservedExchange } from './hook.ts';
import { copyJson } from './json-path.ts';
import type { JsonPath } from './types.ts';
import { isSuccess } from '../target/http-transport.ts';

/** The cloud reference's decisions as the mutant has them; without a mutant each is the reference's own. */
export interface CloudDecisions {
  /** The state table's verdict on the endpoint's operation in `state` (the table's is `allowed`). */
  allows(state: string, allowed: boolean): boolean;
  /** The state the operation's work leaves its resource in, instead of its own. */
  reached?: string;
  /** How the call's action ends where it would end Success: never (In progress), or Failed. */
  actionEnd?: 'never' | 'Failed';
  /** include_related=true for an object of this kind takes in the actions of its whole tree. */
  includeRelatedTree?: string;
  /** A namespace the caller does not belong to is accepted. */
  namespaceForeignAccepted?: boolean;
  /** Credentials the authentication rule refuses (none sent, or a wrong key) are accepted. */
  credentialsAccepted?: 'none' | 'wrong';
  /** The operation answers its success and changes nothing. */
  notApplied?: boolean;
  /** The bodies, in order, of which the first the create takes makes the object a refused create leaves. */
  refusedCreateBodies?(body: unknown): Array<Record<string, unknown>>;
  /** A terminated object is handled as if it were in this state. */
  terminatedAlive?: string;
  /** A state table's refusal is answered 202, with an action that ends Failed. */
  refusalAsFailedAction?: boolean;
}

const TABLE_VERDICT: CloudDecisions = { allows: (_state, allowed) => allowed };

export function cloudMutation(spec: CloudMutationSpec, identity: ActiveMutation): ActiveMutation {
  const deciding = (d: Partial<CloudDecisions>): ActiveMutation => ({ ...identity, cloud: { ...TABLE_VERDICT, ...d } });
  switch (spec.kind) {
    case 'state-cell':
      return deciding({ allows: (state, allowed) => (state === spec.state && allowed === spec.allowed ? !allowed : allowed) });
    case 'state-reached':
      return deciding({ reached: spec.reached });
    case 'body-default':
      return { ...identity, requestBody: (body) => withDefaultReplaced(body, spec.path, spec.value) };
    case 'include-related-tree':
      return deciding({ includeRelatedTree: spec.objectKind });
    case 'action-end':
      return deciding({ actionEnd: spec.end });
    case 'namespace-foreign-accepted':
      return deciding({ namespaceForeignAccepted: true });
    case 'credentials-accepted':
      return deciding({ credentialsAccepted: spec.sent });
    case 'operation-not-applied':
      return deciding({ notApplied: true });
    case 'refused-create-leaves':
      return deciding({ refusedCreateBodies: (body) => leftBodies(spec.required, body) });
    case 'terminated-alive':
      return deciding({ terminatedAlive: spec.alive });
    case 'refusal-as-failed-action':
      return deciding({ refusalAsFailedAction: true });
  }
}

/**
 * The bodies a refused create's object is made from, the closest to the refused one first: the
 * refused body with its required fields made valid, then those fields with the sent name, then
 * the required fields alone (the sent value of each where it has the sample's type).
 */
export function leftBodies(required: Readonly<Record<string, unknown>>, body: unknown): Array<Record<string, unknown>> {
  const sent = isJsonObject(body) ? body : {};
  const fields = Object.fromEntries(Object.entries(required).map(([k, v]) => [k, typeof sent[k] === typeof v && sent[k] !== null ? sent[k] : copyJson(v)]));
  const named = typeof sent.name === 'string' ? { name: sent.name } : {};
  return [{ ...sent, ...fields }, { ...fields, ...named }, fields];
}

/** The body with `value` written where it leaves the field at `path` out (`[]` walks every item of a list). */
export function withDefaultReplaced(body: unknown, path: JsonPath, value: unknown): unknown {
  if (!isJsonObject(body)) return body;
  const out = copyJson(body);
  fillAbsent(out, path, value);
  return out;
}

function fillAbsent(node: unknown, path: JsonPath, value: unknown): void {
  const [key, ...rest] = path;
  if (key === undefined) return;
  if (key === '[]') {
    if (Array.isArray(node)) for (const item of node) fillAbsent(item, rest, value);
    return;
  }
  if (!isJsonObject(node)) return;
  if (!rest.length) {
    if (!Object.hasOwn(node, key)) node[key] = copyJson(value) as never;
    return;
  }
  fillAbsent(node[key], rest, value);
}

const succeeded = (e: ObservedExchange): boolean => isSuccess(e.status);
const refusedIn = (e: ObservedExchange, state: string): boolean => e.status === 409 && (e.errorText ?? '').includes(`'${state}'`);
const answersState = (e: ObservedExchange, state: string): boolean => e.answers.some((a) => isJsonObject(a) && a.state === state);

/** The kind of a resource URI: the segment before its id (`/api/app/v1/[ns/]service/<uuid>/`). */
function uriKind(uri: string | null): string | undefined {
  return uri?.split('/').filter(Boolean).at(-2);
}

/**
 * Whether the mutant changes an exchange the target made. The decisions act inside the call, so
 * the exchange tells what the reference decided: a success where the table allowed, a 409 naming
 * the state where it refused, a terminated object answered or refused.
 */
export function cloudReaches(spec: CloudMutationSpec, e: ObservedExchange): boolean {
  if (spec.endpoint !== e.endpoint || spec.version !== e.version) return false;
  switch (spec.kind) {
    case 'state-cell':
      return spec.allowed ? succeeded(e) : refusedIn(e, spec.state);
    case 'state-reached':
    case 'action-end':
    case 'operation-not-applied':
      return succeeded(e);
    case 'body-default':
      return e.requestBody !== undefined && JSON.stringify(withDefaultReplaced(e.requestBody, spec.path, spec.value)) !== JSON.stringify(e.requestBody);
    case 'include-related-tree': {
      const query = new URLSearchParams(e.query);
      return /^(true|1)$/i.test(query.get('include_related') ?? '') && uriKind(query.get('object')) === spec.objectKind;
    }
    case 'namespace-foreign-accepted':
      return e.status === 403;
    case 'credentials-accepted':
      return e.status === 401;
    case 'refused-create-leaves':
      return e.status === 400 || e.status === 409;
    case 'terminated-alive':
      return refusedIn(e, 'Terminated') || answersState(e, 'Terminated');
    case 'refusal-as-failed-action':
      return e.status === 409;
  }
}
