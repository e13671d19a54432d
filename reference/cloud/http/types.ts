/** What a route handler receives and answers. */
import type { CloudDecisions } from '../../../harness/mutation/apply-cloud.ts';
import type { Action } from '../actions/action.ts';
import type { ActionCall } from '../actions/call.ts';
import type { CloudUser } from '../users.ts';
import type { UriScope } from '../uris.ts';
import type { World } from '../world.ts';

export interface ApiRequest {
  method: string;
  /** Always with the trailing slash. */
  path: string;
  query: URLSearchParams;
  body: unknown;
  user: CloudUser;
  ip: string;
  userAgent: string;
  /** The Host header, for the absolute-URL fault. */
  host: string;
  /** The mutant's decisions for this call (harness/mutation/apply-cloud.ts), set by the one hook. */
  mutation?: CloudDecisions;
}

export interface Reply {
  status: number;
  body?: unknown;
  /** The action the X-Vendor-Action-URI header names, when not the call's own. */
  action?: Action;
  /** A header (as the catalog spells it) a mutant leaves out of this answer. */
  withheldHeader?: string;
}

export interface CallContext {
  world: World;
  req: ApiRequest;
  params: Record<string, string>;
  /** The namespace the request addresses (the caller's own when no segment was given). */
  scope: UriScope;
  /** The action this call records (calls that change something). */
  call?: ActionCall;
}

export type Handler = (ctx: CallContext) => Reply | Promise<Reply>;
