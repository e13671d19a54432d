/** Everything a handler or a background job works with: the state, time, faults and profile. */
import { spell, type VendorProfileName } from '../../harness/profile.ts';
import type { Action } from './actions/action.ts';
import { buildCatalog, type Catalog } from './catalog-seed.ts';
import { Clock } from './clock.ts';
import { iso8601, rfc2822 } from './dates.ts';
import type { FaultSet } from './faults.ts';
import type { ApiRequest, Reply } from './http/types.ts';
import { EventBus } from './state/events.ts';
import { Store } from './state/store.ts';
import type { MutationHook } from '../../harness/mutation/hook.ts';
import type { CloudUser } from './users.ts';

export interface Dispatched {
  reply: Reply;
  /** The action the call created, if any. */
  action?: Action;
}

export interface World {
  store: Store;
  catalog: Catalog;
  clock: Clock;
  faults: FaultSet;
  profile: VendorProfileName;
  users: readonly CloudUser[];
  events: EventBus;
  /** Spells a neutral identifier (VENDOR_AUTH, vendor_version ...) in the server's profile. */
  spell(text: string): string;
  /** A REST date-time field: RFC 2822 style, or null. */
  date(value: Date | null): string | null;
  /** The domain generated host names end in. */
  domain: string;
  /** Runs an API call through the route table (retry re-dispatches the recorded call). */
  dispatch(req: ApiRequest): Promise<Dispatched>;
  /** The mutation hook the service was started with (harness/mutation/hook.ts), if any. */
  mutation?: MutationHook;
}

export interface WorldOptions {
  faults: FaultSet;
  profile: VendorProfileName;
  users: readonly CloudUser[];
  timeScale: number;
  mutation?: MutationHook;
}

export function createWorld(opts: WorldOptions): World {
  const { faults, profile } = opts;
  const restDate = (value: Date): string => {
    const text = rfc2822(value);
    return faults.has('blind-date-gmt-zone') ? text.replace(/\+0000$/, 'GMT') : text;
  };
  return {
    store: new Store(),
    catalog: buildCatalog(faults.has('nodetype-regions-first-only'), faults.has('blind-region-zones-of-provider')),
    clock: new Clock(opts.timeScale),
    faults,
    profile,
    users: opts.users,
    events: new EventBus(),
    spell: (text) => spell(text, 'cloud', profile),
    date: (value) => (value === null || faults.has('dates-never-set') ? null : faults.has('date-iso8601') ? iso8601(value) : restDate(value)),
    domain: profile === 'docker' ? 'dockerapp.io' : 'cloud.example',
    dispatch: () => Promise.reject(new Error('dispatch is not wired yet')),
    ...(opts.mutation ? { mutation: opts.mutation } : {}),
  };
}
