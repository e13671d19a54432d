import { loadRequirements } from '../../../harness/catalog/load.ts';
import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { ANSWER_FAULTS, type AnswerFaultName, answerFault } from '../../../reference/engine/answer-faults.ts';
import type { EngineFaultName } from '../../../reference/engine/faults.ts';
import { queryIgnoredFault, queryParamOfRequirement } from '../../../reference/engine/query-faults.ts';
import { engineChecksFor } from '../../../suites/engine/all-checks.ts';
import nameFreedChecks from '../../../suites/engine/containers/name-freed.ts';
import tagChecks from '../../../suites/engine/images/tag.ts';
import { stateRefusalChecks } from '../../../suites/engine/negative/state-refusals.ts';
import type { Teeth } from './types.ts';

const REQUIREMENTS = loadRequirements('engine');
const ANSWER_NAMES = new Set(ANSWER_FAULTS.map((f) => f.name));

/** The answer: member that breaks a rule `<endpoint>/<status>-…`, if the family has one. */
function answerMemberOf(requirementId: string): AnswerFaultName | undefined {
  const m = /^(.*)\/(\d{3})-[^/]+$/.exec(requirementId);
  const name = m ? answerFault(m[1]!, Number(m[2])) : undefined;
  return name && ANSWER_NAMES.has(name) ? name : undefined;
}

/**
 * Checks that name a family's rule for the outcome they must not get, which a member cannot change
 * on them: a state refusal names the 404 rule for the code it must not answer and the success rule
 * for the effect a success must have (a conforming target refuses); the 409 checks name `force`
 * for its default, which ignoring `force` leaves as it is (and the container delete's names the
 * 204 rule for a success it must not claim); a create, rename or tag with a freed name names the
 * 409 rule for the code it must not answer. The rule's own checks prove the member.
 */
const OTHER_OUTCOME: ReadonlyMap<string, readonly string[]> = new Map([
  ...[...stateRefusalChecks(), ...nameFreedChecks].map((c) => [c.id, c.requirements] as const),
  ['engine/images/tag/409-conflict', ['engine/images/tag/query-force']],
  ...tagChecks.filter((c) => c.id.endsWith('/tag-freed')).map((c) => [c.id, c.requirements] as const),
  ['engine/images/delete/409-image-in-use', ['engine/images/delete/query-force']],
  // A refused delete of a running container, and the state table's delete from a state it may
  // refuse, name the 204 rule for the effect a success must have: swapping the 204 makes a refusal.
  ['engine/containers/delete/409-conflict', ['engine/containers/delete/204-removed']],
  ['engine/states/transition-table', ['engine/containers/delete/204-removed']],
  // The default's check sends no shmsize, which a target ignoring the parameter leaves as it is.
  ['engine/images/build/query-shmsize/default', ['engine/images/build/query-shmsize']],
]);

/** Whether the check names `rule` for the outcome it must get (not for one it must not). */
const namesFor = (checkId: string, rule: string): boolean => !OTHER_OUTCOME.get(checkId)?.includes(rule);

/**
 * Teeth of a fault family: for every requirement the family has a member for, that member against
 * every check (in each version) that covers the requirement. Each such check must fail under the
 * member, naming the requirement (which is what makes the pair a proof).
 */
function familyTeeth(memberFor: (requirementId: string) => EngineFaultName | undefined): Teeth[] {
  const byFault = new Map<EngineFaultName, string[]>();
  for (const r of REQUIREMENTS) {
    const fault = memberFor(r.id);
    if (fault) byFault.set(fault, [...(byFault.get(fault) ?? []), r.id]);
  }
  return [...byFault].flatMap(([fault, ids]) =>
    (['1.18', '1.22'] as EngineVersion[]).flatMap((version) => {
      const rules = new Set(ids.filter((id) => REQUIREMENTS.find((r) => r.id === id)!.versions.includes(version)));
      const catches = engineChecksFor(version)
        .filter((c) => c.requirements.some((id) => rules.has(id) && namesFor(c.id, id)))
        .map((c) => c.id);
      return catches.length ? [{ fault, version, catches }] : [];
    }),
  );
}

/**
 * Rules a family member does not break, or whose checks cannot yet see it break: each is a known
 * gap, with the reason, rather than a proof that does not hold.
 */
export const FAMILY_GAPS: Record<string, string> = {
  'engine/containers/start/query-detach-keys':
    'the check verifies that start accepts detachKeys; the detach itself is only seen by an attached client (the attach detachKeys checks)',
  'engine/images/build/query-forcerm':
    "the reference removes a failed build's intermediate containers whatever forcerm says, so ignoring forcerm changes nothing " +
    '(build-forcerm-ignored breaks the rule)',
  'engine/images/create/query-tag-empty-pulls-all': 'a rule about an empty tag: ignoring the parameter leaves it empty',
  'engine/images/list/query-all-default':
    "all=0 asks for the default list: a target that ignores all gives it too; all=1 listing the untagged parent is query-all's rule",
  'engine/containers/list/query-size-false':
    'size=0 asks for what the default gives (no sizes): a target that ignores size gives it too; query-size proves the member',
  'engine/images/build/query-vendorfile-ignored-with-remote-file':
    'the rule is that vendorfile is ignored when remote names a build file: a target that ignores vendorfile keeps it; query-vendorfile proves the member',
  // 200 and 204 are alternatives of one rule: which one a login gets depends on the target's login
  // history, so swapping one of them is caught only by chance. auth-login-refused proves the rule.
  'engine/system/auth/200-credentials-accepted': 'a login answers 200 or 204 by the login history; swapping one of them is not seen deterministically',
  'engine/system/auth/204-credentials-accepted': 'a login answers 200 or 204 by the login history; swapping one of them is not seen deterministically',
};

/** answer:<endpoint>:<status> → the checks of the rules `<endpoint>/<status>-…`. */
export const answerTeeth: Teeth[] = familyTeeth((id) => (id in FAMILY_GAPS ? undefined : answerMemberOf(id)));

/** query-ignored:<endpoint>:<param> → the checks of the rules `<endpoint>/query-<param>…`. */
export const queryTeeth: Teeth[] = familyTeeth((id) => {
  const found = id in FAMILY_GAPS ? undefined : queryParamOfRequirement(id);
  return found && queryIgnoredFault(found.endpoint, found.param);
});

/**
 * The family members no teeth entry lists, each with why: the rule it breaks is a known gap, or
 * no check covers that rule (its requirement carries an uncoveredReason in the catalog).
 */
export function familyMembersWithoutTeeth(): Map<EngineFaultName, string> {
  const listed = new Set([...answerTeeth, ...queryTeeth].map((t) => t.fault));
  const out = new Map<EngineFaultName, string>();
  for (const r of REQUIREMENTS) {
    const query = queryParamOfRequirement(r.id);
    const fault = answerMemberOf(r.id) ?? (query && queryIgnoredFault(query.endpoint, query.param));
    if (!fault || listed.has(fault)) continue;
    out.set(fault, FAMILY_GAPS[r.id] ?? `no check covers ${r.id}${r.uncoveredReason ? `: ${r.uncoveredReason}` : ''}`);
  }
  return out;
}
