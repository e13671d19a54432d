/**
 * Which calls are asynchronous: those to an endpoint the catalog gives a 202 (the spec's
 * asynchronous operations). Only such a call's action is ever In progress: a synchronous call's
 * action is created Success or Failed (the action state table), so an action that ended is told
 * to have been one that could be waited on by the call it records.
 */
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import { cloudCatalogPath, EndpointMatcher } from '../../../harness/judge/endpoint-matcher.ts';
import { spellDeep, type VendorProfileName } from '../../../harness/profile.ts';
import type { Json } from './lists.ts';

const MATCHERS = new Map<VendorProfileName, EndpointMatcher>();

function asyncEndpoints(profile: VendorProfileName): EndpointMatcher {
  let matcher = MATCHERS.get(profile);
  if (!matcher) {
    const endpoints = loadEndpoints('cloud').filter((e) => e.interface !== 'stream' && e.responses.some((r) => r.status === 202));
    matcher = new EndpointMatcher(spellDeep(endpoints, 'cloud', profile), cloudCatalogPath);
    MATCHERS.set(profile, matcher);
  }
  return matcher;
}

/** Whether an action records a call to an asynchronous operation (by its method and path). */
export function recordsAsyncCall(action: Json, profile: VendorProfileName): boolean {
  return asyncEndpoints(profile).match(String(action.method), String(action.path)) !== undefined;
}
