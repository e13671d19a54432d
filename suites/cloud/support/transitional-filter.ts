/**
 * The state filter of the service and container lists asked with the transitional values the spec
 * lists (Starting, Stopping, Terminating; for services also Scaling and Redeploying), which the
 * value-by-value filter checks never meet on settled objects. A service deployed in sequence
 * (SEQUENTIAL_CONTAINERS containers, one after another) is driven through them: right after the
 * operation that leads into a state, the subject (the service, or its last container) is read; when
 * it is in the state, the list is asked with state=<that value>, and the subject read again. Only
 * when it was in the state on both reads does the answer count: it must list the subject. A state
 * left before the second read is tried again, at most ATTEMPTS times; one never caught is not judged.
 */
import { CheckSkipped } from '../../../harness/check/signals.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { CONTAINERS, createService, operate, operateAndSettle, scaledTo, serviceBody, settled, SERVICES, sharedNodes, type Verb } from './app.ts';
import { cloudCheck, type CloudCheck } from './check.ts';
import type { CloudContext, StatefulView } from './context.ts';
import { SEQUENTIAL_CONTAINERS } from './in-progress.ts';
import { listAll, sameResource } from './lists.ts';
import { operationRequirement } from './operation-requirements.ts';
import type { CloudViews, Service } from './views.generated.ts';

type Subject = 'service' | 'container';
type Outcome = 'listed' | 'left-out' | 'missed';

/** How many times the operation leading into a state is made before the state is given up as never caught. */
const ATTEMPTS = 4;

interface Step {
  state: string;
  subjects: readonly Subject[];
  /** The state the service is brought to first: stopped (Not running or Stopped) or Running. */
  from: 'stopped' | 'Running';
  /** The operation that leads into the state; false when the target refused what it needs (observed). */
  lead: (ctx: CloudContext, svc: Service) => Promise<boolean>;
}

/** An operation the target must accept (a refusal blocks the check, naming the operation's requirement). */
const op =
  (verb: Verb) =>
  async (ctx: CloudContext, svc: Service): Promise<boolean> => {
    const res = await operate(ctx, svc.resource_uri, verb);
    ctx.precondition(isSuccess(res.status), `${verb} of ${svc.resource_uri} answered ${res.status}`, operationRequirement(svc.resource_uri, verb));
    return true;
  };

/** In order: each step leaves the service where the next one starts from, or close to it. */
const STEPS: readonly Step[] = [
  { state: 'Starting', subjects: ['service', 'container'], from: 'stopped', lead: op('start') },
  { state: 'Scaling', subjects: ['service'], from: 'Running', lead: (ctx, svc) => scaledTo(ctx, svc, (svc.target_num_containers ?? 1) + 2) },
  { state: 'Redeploying', subjects: ['service'], from: 'Running', lead: op('redeploy') },
  { state: 'Stopping', subjects: ['service', 'container'], from: 'Running', lead: op('stop') },
  { state: 'Terminating', subjects: ['service', 'container'], from: 'Running', lead: op('terminate') },
];

/** The service settled in the state a step starts from. */
async function brought(ctx: CloudContext, svc: Service, from: Step['from']): Promise<Service> {
  let now = await settled(ctx, 'service', svc.resource_uri);
  const stopped = now.state === 'Not running' || now.state === 'Stopped';
  if (from === 'Running' && now.state !== 'Running') now = await operateAndSettle(ctx, now, 'start');
  if (from === 'stopped' && !stopped) now = await operateAndSettle(ctx, now, 'stop');
  ctx.precondition(from === 'Running' ? now.state === 'Running' : now.state !== 'Running', `the service ${svc.resource_uri} settled ${now.state}, not ${from}`);
  return now;
}

/** The subject of the check right after the lead: the service, or the last container it lists (a sequential start reaches it last). */
async function subjectOf(ctx: CloudContext, svc: Service, subject: Subject): Promise<string | undefined> {
  if (subject === 'service') return svc.resource_uri;
  return (await ctx.getJson('service', svc.resource_uri, 'the service')).containers?.at(-1);
}

/**
 * Whether `?state=<state>` of the list at `path` listed `uri` while it was in the state before and after the answer ('missed'
 * when it was not). Left out counts only when two listings leave it out: a list paged by offset while other checks' objects
 * enter and leave the state can skip one object between its pages (a listing of 70 Starting containers did once).
 */
async function probe(ctx: CloudContext, view: StatefulView, path: string, uri: string, state: string): Promise<Outcome> {
  if ((await ctx.getJson(view, uri)).state !== state) return 'missed';
  for (let listing = 1; listing <= 2; listing++) {
    const listed = await listAll(ctx, path, { state });
    if ((await ctx.getJson(view, uri)).state !== state) return 'missed';
    if (listed.some((o) => sameResource(o.resource_uri, uri))) return 'listed';
  }
  return 'left-out';
}

/** A list whose state filter is asked with a transitional value, and how a resource of it is caught in that state. */
export interface CaughtState<K extends StatefulView> {
  view: K;
  /** The list's path and its filter-state requirement. */
  path: string;
  requirement: string;
  state: string;
  /** A resource of this check caught in `state` (skips when the state had already passed). */
  reach: (ctx: CloudContext) => Promise<CloudViews[K]>;
}

/** A resource caught in the state by `reach`, or undefined when the state had passed before it could be read (the reach skipped). */
async function caught<T>(reach: () => Promise<T>): Promise<T | undefined> {
  return reach().catch((err: unknown) => {
    if (!(err instanceof CheckSkipped)) throw err;
    return undefined;
  });
}

/**
 * `?state=<transitional value>` lists a resource caught in that state, when it was in it before and after the answer. A state
 * passed before the list answered is tried again on a fresh resource, at most ATTEMPTS times; one never caught is not judged.
 */
export function caughtStateListedCheck<K extends StatefulView>(c: CaughtState<K>): CloudCheck {
  return cloudCheck({
    id: `${c.requirement}/transitional/${c.state.toLowerCase()}`,
    title: `Query state=${c.state} (a transitional value) on the ${c.view} list returns a ${c.view} caught in that state`,
    requirements: [c.requirement],
    endpoint: c.requirement.replace(/\/filter-state$/, ''),
    async run(ctx) {
      for (let attempt = 1; attempt <= ATTEMPTS; attempt++) {
        const uri = (await caught(() => c.reach(ctx)))?.resource_uri;
        const outcome = uri ? await probe(ctx, c.view, c.path, uri, c.state) : 'missed';
        if (outcome === 'missed') {
          ctx.observe(`attempt ${attempt} did not find a ${c.view} still ${c.state} after the list answered`);
          continue;
        }
        ctx.verify(outcome === 'listed', `GET ${c.path}?state=${c.state} left out ${uri}, which was ${c.state} before and after the answer`, {
          expected: `${uri} listed`,
          actual: 'not listed',
          requirement: c.requirement,
        });
        return;
      }
      ctx.unverified(
        `no ${c.view} was caught ${c.state} before and after the list answered in ${ATTEMPTS} attempts: ${c.state} is transitional and had already passed`,
      );
    },
  });
}

export function transitionalStateFilterCheck(subject: Subject): CloudCheck {
  const requirement = `cloud/${subject}/list/filter-state`;
  const path = subject === 'service' ? SERVICES : CONTAINERS;
  const steps = STEPS.filter((s) => s.subjects.includes(subject));
  return cloudCheck({
    id: `${requirement}/transitional`,
    title: `Query state with a transitional value (${steps.map((s) => s.state).join(', ')}) on the ${subject} list returns a ${subject} in that state`,
    requirements: [requirement],
    endpoint: `cloud/${subject}/list`,
    long: true,
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const fresh = (): Promise<Service> =>
        createService(ctx, serviceBody(ctx, at, { sequential_deployment: true, target_num_containers: SEQUENTIAL_CONTAINERS }));
      let svc: Service | undefined;
      const missed: string[] = [];
      for (const step of steps) {
        let outcome: Outcome = 'missed';
        for (let attempt = 1; attempt <= ATTEMPTS && outcome === 'missed'; attempt++) {
          svc = await brought(ctx, svc ?? (await fresh()), step.from);
          if (!(await step.lead(ctx, svc))) break;
          const uri = await subjectOf(ctx, svc, subject);
          if (step.state === 'Terminating') svc = undefined;
          outcome = uri ? await probe(ctx, subject, path, uri, step.state) : 'missed';
          if (outcome === 'missed') ctx.observe(`${step.state}: attempt ${attempt} did not find the ${subject} still ${step.state} after the list answered`);
          else
            ctx.verify(outcome === 'listed', `GET ${path}?state=${step.state} left out ${uri}, which was ${step.state} before and after the answer`, {
              expected: `${uri} listed`,
              actual: 'not listed',
              requirement,
            });
        }
        if (outcome === 'missed') missed.push(step.state);
      }
      if (missed.length === steps.length)
        return ctx.unverified(`no ${subject} was caught in ${missed.join(', ')}: each state is transitional and had already passed when read again`);
      if (missed.length) ctx.observe(`not asked: ${missed.join(', ')} (never caught in the state on both reads)`);
    },
  });
}
