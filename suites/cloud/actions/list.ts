import fc from 'fast-check';
import { ACTIONS, finishedActionOf } from '../support/actions.ts';
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { compareFiltered, expectDiscriminates, expectFilterAgrees } from '../support/filters.ts';
import { createCluster } from '../support/infra.ts';
import { deployInProgress } from '../support/in-progress.ts';
import { expectShownAsGot, listAll, type Json } from '../support/lists.ts';
import { overlappingActions } from '../support/overlapping-actions.ts';
import type { Action } from '../support/views.generated.ts';
import { acrossTargetSecond, afterTargetSecond, secondOfDate } from '../support/target-clock.ts';

const LIST = 'cloud/action/list';
const FINISHED = ['Success', 'Failed', 'Canceled'];
/**
 * The state filter's values the spec lists (In progress, Success, Failed) that a finished action
 * holds: Canceled is not among them (a target may refuse it as a value outside the set), and an action
 * In progress may end between the filter and its answer (its own check, expectInProgressFiltered).
 */
const FILTERED_FINISHED = ['Success', 'Failed'];
const IN_PROGRESS = 'In progress';
/** Finished actions no longer change: completeness is held against those only. */
const finished = (a: Json): boolean => FINISHED.includes(String(a.state));
const time = secondOfDate;
/** Earliest first. */
const byTime = (a: string, b: string): number => time(a) - time(b);

type Predicate = (a: Json, value: string) => boolean;
const DATE_FILTERS: Record<string, Predicate> = {
  start_date__gte: (a, v) => time(a.start_date) >= time(v),
  start_date__lte: (a, v) => time(a.start_date) <= time(v),
  end_date__gte: (a, v) => time(a.end_date) >= time(v),
  end_date__lte: (a, v) => time(a.end_date) <= time(v),
};
const FILTERS: Record<string, Predicate> = {
  uuid: (a, v) => a.uuid === v,
  state: (a, v) => a.state === v,
  ...DATE_FILTERS,
};
const sourceField = (param: string): string => param.replace(/__(gte|lte)$/, '');
/** The same bound on the other date of an action: start_date__gte and end_date__gte. */
const sibling = (param: string): string => (param.startsWith('start') ? param.replace('start', 'end') : param.replace('end', 'start'));

/**
 * The actions of the caller, with finished ones of this check in distinct seconds: a Success
 * (create, update), and a Failed one (terminate of the cluster once Terminated, which the state
 * table refuses), so that state and date filters have actions to keep and to leave out. With
 * `across`, one more update is made to start and end in different seconds of the target's clock,
 * so that a date filter that reads the other date of an action keeps other actions; `crossed`
 * says whether the target dated one so.
 */
async function actionsWithHistory(ctx: CloudContext, across = false): Promise<{ actions: Json[]; crossed: boolean }> {
  const cluster = await createCluster(ctx);
  const uri = cluster.resource_uri;
  // The end dates of the updates' actions; an update without an action leaves no date to pass
  // (afterTargetSecond then waits 1.1 s): its answer's Date header may lag the target's clock.
  const ends: unknown[] = [];
  const update = async (tag: string): Promise<Action | undefined> => {
    const res = await ctx.api.patch(uri, { tags: [{ name: tag }] });
    return res.headers[ctx.actionHeader] ? await finishedActionOf(ctx, res, 'update') : undefined;
  };
  for (const tag of ['conformance-a', 'conformance-b']) ends.push((await update(tag))?.end_date);
  let crossed = false;
  if (across) {
    const action = await acrossTargetSecond(ctx, uri, (n) => update(`conformance-across-${n}`));
    crossed = action !== undefined;
    ends.push(action?.end_date);
  }
  await afterTargetSecond(ctx, uri, ends);
  await ctx.api.delete(uri);
  await ctx.waitForState('node-cluster', uri, ['Terminated'], 30_000);
  await ctx.api.delete(uri);
  return { actions: await listAll(ctx, ACTIONS), crossed };
}

/**
 * A date of a finished action that splits them under the filter (some kept, some not) and that
 * the same bound on the other date splits otherwise: a filter that read the other date would
 * answer differently. Lower bounds try the latest dates first, upper bounds the earliest.
 */
function dateValueFor(param: string, done: Json[]): string | undefined {
  const own = DATE_FILTERS[param]!;
  const other = DATE_FILTERS[sibling(param)]!;
  const dates = [...new Set(done.flatMap((a) => [a.start_date, a.end_date]).filter((d): d is string => typeof d === 'string'))];
  dates.sort((a, b) => (param.endsWith('__gte') ? byTime(b, a) : byTime(a, b)));
  return dates.find((v) => {
    const kept = done.filter((a) => own(a, v)).length;
    return kept > 0 && kept < done.length && done.some((a) => own(a, v) !== other(a, v));
  });
}

/**
 * A date of the filter's own field on a finished action, the latest for a lower bound, the earliest
 * for an upper bound: that action sits on the bound, which the filter keeps.
 */
function onBoundValueFor(param: string, done: Json[]): string | undefined {
  const dates = done
    .map((a) => a[sourceField(param)])
    .filter((d): d is string => typeof d === 'string')
    .sort(byTime);
  return param.endsWith('__gte') ? dates[dates.length - 1] : dates[0];
}

/**
 * An action In progress has no end date, so no upper bound on end_date takes it. It is asked for by
 * its uuid beside the bound, one short request that can reach it before it ends. The bound is a
 * date of this check's history, which ended before the deploy began (afterTargetSecond): an action
 * that ended meanwhile must be left out as well.
 */
async function expectUnfinishedLeftOut(ctx: CloudContext, value: string, id: string): Promise<void> {
  const got = await deployInProgress(ctx, 3);
  if (!got) return ctx.observe('no deploy was In progress when read: an unfinished action under end_date__lte was not asked');
  const query = { uuid: String(got.action.uuid), end_date__lte: value };
  const filtered = await listAll(ctx, ACTIONS, query);
  const matches = (a: Json): boolean => FILTERS.end_date__lte!(a, value);
  expectFilterAgrees(ctx, compareFiltered([], filtered, matches), `GET ${ACTIONS}?uuid=${query.uuid}&end_date__lte=${value}`, id);
}

/** Values of the uuid or state filter: a finished action's uuid; each listed state of a finished action there is. */
function valuesFor(param: string, actions: Json[]): string[] {
  const done = actions.filter(finished);
  if (param === 'state') return FILTERED_FINISHED.filter((v) => done.some((a) => a.state === v));
  return done[0] ? [String(done[0].uuid)] : [];
}

/**
 * state=In progress, the listed value of two words (its space encoded): a deploy read In progress
 * is listed when asked by its uuid beside the state, unless it had ended by the time the list
 * answered (read again after it); and no action that had finished before is listed under it.
 */
async function expectInProgressFiltered(ctx: CloudContext, full: Json[], id: string): Promise<void> {
  const got = await deployInProgress(ctx, 3);
  if (!got) return ctx.observe(`no deploy was In progress when read: state=${IN_PROGRESS} was not asked`);
  const query = { uuid: String(got.action.uuid), state: IN_PROGRESS };
  const filtered = await listAll(ctx, ACTIONS, query);
  const after = await ctx.getJson('action', String(got.action.resource_uri), 'the deploy action');
  const matches = (a: Json): boolean => FILTERS.state!(a, IN_PROGRESS);
  if (after.state === IN_PROGRESS)
    expectFilterAgrees(ctx, compareFiltered([got.action], filtered, matches), `GET ${ACTIONS}?uuid=${query.uuid}&state=${IN_PROGRESS}`, id);
  else ctx.observe(`the deploy was ${String(after.state)} once the list by uuid and state=${IN_PROGRESS} answered: not judged`);
  const done = new Set(full.filter(finished).map((a) => String(a.resource_uri)));
  const listed = await listAll(ctx, ACTIONS, { state: IN_PROGRESS });
  // Only actions finished before the list are judged: another may end between the filter and its answer.
  const before = listed.filter((a) => done.has(String(a.resource_uri)));
  expectFilterAgrees(ctx, compareFiltered([], before, matches), `GET ${ACTIONS}?state=${IN_PROGRESS} (the actions finished before it)`, id);
}

const R = {
  returns: 'cloud/action/list/returns-actions',
  chrono: 'cloud/action/list/chronological',
  combos: 'cloud/action/list/filter-combinations',
};

/**
 * The spec orders "the" action list, filtered or not: along `listed` start_date never decreases
 * (oldest first). Dates in one second cannot show an order; the callers' own actions span seconds.
 */
function expectChronological(ctx: CloudContext, listed: Json[], what: string): void {
  const times = listed.map((a) => time(a.start_date));
  const back = times.findIndex((t, i) => i > 0 && t < times[i - 1]!);
  ctx.expect(back === -1, `${what}: the actions are not in chronological order of start_date (oldest first)`, {
    expected: 'start_date never decreasing along the list',
    actual: listed.slice(Math.max(0, back - 2), back + 2).map((a) => a.start_date),
    requirement: R.chrono,
  });
}

function filterCheck(param: string): CloudCheck {
  const id = `cloud/action/list/filter-${param.replace(/__/g, '-').replace(/_/g, '-')}`;
  return cloudCheck({
    id,
    title: `Query ${param} on the action list returns only the matching actions, oldest first`,
    requirements: [id, R.chrono],
    endpoint: LIST,
    async run(ctx) {
      const dated = param in DATE_FILTERS;
      const { actions: full, crossed } = await actionsWithHistory(ctx, dated);
      const done = full.filter(finished);
      const values = dated ? [onBoundValueFor(param, done), dateValueFor(param, done)] : valuesFor(param, full);
      if (dated && !values[1]) {
        const why = crossed ? '' : ' (the target dated no action of this check across a second)';
        ctx.observe(`no date of the finished actions splits them one way under ${param} and another under ${sibling(param)}${why}`);
      }
      const distinct = [...new Set(values.filter((v): v is string => v !== undefined))];
      if (!distinct.length) return ctx.skip('the caller has no finished action to filter by');
      for (const value of distinct) {
        const filtered = await listAll(ctx, ACTIONS, { [param]: value });
        const matches = (a: Json): boolean => FILTERS[param]!(a, value);
        expectDiscriminates(ctx, done, matches, `${param}=${value}`);
        expectFilterAgrees(ctx, compareFiltered(full, filtered, matches, finished), `GET ${ACTIONS}?${param}=${value}`, id);
        expectChronological(ctx, filtered, `GET ${ACTIONS}?${param}=${value}`);
      }
      if (param === 'end_date__lte') await expectUnfinishedLeftOut(ctx, distinct[0]!, id);
      if (param === 'state') await expectInProgressFiltered(ctx, full, id);
    },
  });
}

/** `first` (started in an earlier second than `then`, ended in a later one) is listed before `then`. */
function expectListedBefore(ctx: CloudContext, all: Json[], first: Action, then: Action): void {
  const [i, j] = [first, then].map((a) => all.findIndex((b) => b.uuid === a.uuid)) as [number, number];
  if (i < 0 || j < 0) return;
  ctx.expect(i < j, 'an action that started earlier but ended later is listed after the other: the list is not in order of start_date', {
    expected: [first, then].map((a) => `${a.uuid} (start_date ${a.start_date}, end_date ${a.end_date})`).join(' before '),
    actual: `the first listed at #${i}, the other at #${j}`,
    requirement: R.chrono,
  });
}

export default [
  cloudCheck({
    id: R.returns,
    title: 'GET /api/audit/v1/action/ returns a list of action objects, in chronological order (oldest first)',
    requirements: [R.returns, R.chrono],
    endpoint: LIST,
    async run(ctx) {
      const overlap = await overlappingActions(ctx);
      const { actions: all } = await actionsWithHistory(ctx);
      ctx.expect(all.length > 0, 'the action list is empty after this check made calls', { requirement: R.returns });
      all.forEach((a, i) => ctx.expectView('action', a, `action #${i}`, R.returns));
      // Chronological order is the order in which the calls were made: oldest first. This check's
      // own calls span distinct seconds, so a list in any other order shows it; and when one of
      // its actions started after another and ended before it (overlap), a list in order of
      // end_date shows it too.
      if (overlap) expectListedBefore(ctx, all, overlap.outer, overlap.inner);
      const times = all.map((a) => time(a.start_date));
      ctx.expect(new Set(times).size > 1, 'the actions listed do not span two seconds: their order cannot be seen', { requirement: R.chrono });
      expectChronological(ctx, all, `GET ${ACTIONS}`);
      // A finished action no longer changes: the list shows its flags as its GET does (one written inverted in the list shows here).
      for (const listed of all.filter(finished).slice(-3)) {
        const got = await ctx.getJson('action', String(listed.resource_uri));
        expectShownAsGot(ctx, listed, got, ['state', 'is_user_action', 'can_be_canceled', 'can_be_retried'], `GET ${ACTIONS}`, R.returns);
      }
    },
  }),
  ...['uuid', 'state', 'start_date__gte', 'start_date__lte', 'end_date__gte', 'end_date__lte'].map(filterCheck),
  cloudCheck({
    id: R.combos,
    title: 'Random combinations of the action list filters agree with the filters applied to the full list',
    requirements: ['uuid', 'state', 'start-date-gte', 'start-date-lte', 'end-date-gte', 'end-date-lte'].map((f) => `cloud/action/list/filter-${f}`),
    endpoint: LIST,
    async run(ctx) {
      const { actions: full } = await actionsWithHistory(ctx);
      const done = full.filter(finished);
      if (!done.length) return ctx.skip('the caller has no finished action to filter by');
      const valuesFor = (param: string): fc.Arbitrary<string> =>
        param === 'state' ? fc.constantFrom(...FILTERED_FINISHED) : fc.constantFrom(...done.map((a) => String(a[sourceField(param)])));
      const query = fc.record(Object.fromEntries(Object.keys(FILTERS).map((p) => [p, fc.option(valuesFor(p), { nil: undefined })])), { requiredKeys: [] });
      ctx.usedSeed = ctx.seed;
      await fc
        .assert(
          fc.asyncProperty(query, async (q) => {
            const wanted = Object.entries(q).filter((e): e is [string, string] => typeof e[1] === 'string');
            const filtered = await listAll(ctx, ACTIONS, Object.fromEntries(wanted));
            const outcome = compareFiltered(full, filtered, (a) => wanted.every(([p, v]) => FILTERS[p]!(a, v)), finished);
            return outcome.extra.length === 0 && outcome.missing.length === 0;
          }),
          { seed: ctx.seed, numRuns: 10, endOnFailure: true },
        )
        .catch((err: Error) =>
          ctx.fail(`a combination of action filters disagrees with the filters applied to the full list: ${err.message.split('\n').slice(0, 3).join(' ')}`),
        );
    },
  }),
];
