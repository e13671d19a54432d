/**
 * Reading an answer only after checking the shape the spec promises: a missing object, a wrong
 * type or `null` where an object is documented fails the check that meets it, naming the field,
 * instead of surfacing later as a TypeError that would grade as the suite's own bug.
 */
import { checkFields, type FieldRule, type FieldType } from '../protocol/json-fields.ts';
import { describeJson, isJsonObject, type JsonObject } from '../protocol/json-value.ts';

/** What a check context offers to end a check as the target's breach (CheckContext.fail). */
export interface Failer {
  fail(message: string, detail: { requirement?: string; expected?: unknown; actual?: unknown }): never;
}

/** Members an answer must hold, each with its documented JSON type. */
export type Members = Readonly<Record<string, FieldType>>;

/** The answer as an object whose `members` have their documented types; else the check fails naming them. */
export function expectMembers(ctx: Failer, value: unknown, members: Members, where: string, requirement?: string): JsonObject {
  if (!isJsonObject(value)) {
    return ctx.fail(`${where} must be a JSON object, got ${describeJson(value)}`, { expected: 'a JSON object', actual: describeJson(value), requirement });
  }
  const rules: FieldRule[] = Object.entries(members).map(([name, type]) => ({ name, type, required: true }));
  const problems = checkFields(value, rules, where);
  if (problems.length) {
    ctx.fail(problems.map((p) => p.message).join('; '), {
      expected: members,
      actual: Object.fromEntries(rules.map((r) => [r.name, r.name in value ? describeJson(value[r.name]) : 'missing'])),
      requirement,
    });
  }
  return value;
}

/** An array answer whose items are objects with `members`; else the check fails naming the item and field. */
export function expectItems(ctx: Failer, value: unknown, members: Members, where: string, requirement?: string): JsonObject[] {
  if (!Array.isArray(value))
    return ctx.fail(`${where} must be a JSON array, got ${describeJson(value)}`, { expected: 'a JSON array', actual: describeJson(value), requirement });
  return value.map((item, i) => expectMembers(ctx, item, members, `${where} item ${i}`, requirement));
}
