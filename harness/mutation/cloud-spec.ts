/**
 * The cloud suite's mutants of behaviour that no single answer shows: a state table's verdict, the
 * state an operation reaches, a request field's default, how an action ends, the include_related
 * tree, the namespace rule, an operation not applied, a terminated object answered as alive. Each
 * names the endpoint (catalog id) it applies to, like every mutant; the cloud reference consults
 * them at its decision points through the one hook (apply-cloud.ts `CloudDecisions`).
 */
import type { JsonPath } from './types.ts';

interface At {
  endpoint: string;
  version: string;
}

export type CloudMutationSpec =
  /** The cell (state, the endpoint's operation) of a state table answered the other way. */
  | (At & { kind: 'state-cell'; resource: string; state: string; allowed: boolean })
  /** The endpoint's operation ends its resource in `reached` instead of the state it reaches. */
  | (At & { kind: 'state-reached'; resource: string; reached: string })
  /** A request field the body leaves out is taken as `value`, not as the spec's default. */
  | (At & { kind: 'body-default'; path: JsonPath; value: unknown })
  /** include_related=true for an object of this kind answers the actions of its whole tree. */
  | (At & { kind: 'include-related-tree'; objectKind: string })
  /** The call's action never finishes (stays In progress), or finishes Failed where it succeeded. */
  | (At & { kind: 'action-end'; end: 'never' | 'Failed' })
  /** A namespace the caller does not belong to is accepted as if it were the caller's. */
  | (At & { kind: 'namespace-foreign-accepted' })
  /** A REST call without credentials (`none`) or with a wrong API key (`wrong`) is accepted as the first user's. */
  | (At & { kind: 'credentials-accepted'; sent: 'none' | 'wrong' })
  /** The operation is answered with its success and not applied. */
  | (At & { kind: 'operation-not-applied' })
  /**
   * A create refused (400, 409) still leaves an object: the one a body of the required fields
   * makes (the refused body's value of each where it has the type of `required`'s sample).
   */
  | (At & { kind: 'refused-create-leaves'; required: Readonly<Record<string, unknown>> })
  /** A terminated object is answered by the operation as if it were in state `alive`. */
  | (At & { kind: 'terminated-alive'; alive: string })
  /** Legal: a state table's refusal answered 202 with an action that ends Failed. */
  | (At & { kind: 'refusal-as-failed-action' });

export type CloudKind = CloudMutationSpec['kind'];

/** Every cloud kind, as a record so that a kind added to the union must be listed here too. */
const CLOUD_KINDS: Readonly<Record<CloudKind, true>> = {
  'state-cell': true,
  'state-reached': true,
  'body-default': true,
  'include-related-tree': true,
  'action-end': true,
  'namespace-foreign-accepted': true,
  'credentials-accepted': true,
  'operation-not-applied': true,
  'refused-create-leaves': true,
  'terminated-alive': true,
  'refusal-as-failed-action': true,
};

export function isCloudSpec(spec: { kind: string }): spec is CloudMutationSpec {
  return Object.hasOwn(CLOUD_KINDS, spec.kind);
}
