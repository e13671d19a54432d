/**
 * How a container's name is shown. The spec gives create's `name` the pattern `/?[a-zA-Z0-9_-]+`
 * (a leading / is optional: `/x` and `x` name the same container x), inspect `Name S` and the
 * list item `Names [S]`, with no display format: a target may show x or /x (Docker shows /x).
 * Anything else (another container's name, a name cut short, `//x`) is not the name.
 */
import type { EngineContext } from './context.ts';

/** The name without its optional leading /. */
export function bareName(name: string): string {
  return name.replace(/^\//, '');
}

/** The forms a target may show the name in, for messages: `"x" or "/x"`. */
export function shownNameForms(name: string): string {
  const bare = bareName(name);
  return `${JSON.stringify(bare)} or ${JSON.stringify(`/${bare}`)}`;
}

/** Whether `shown` is the container name `name` (given with or without its leading /), as given or with one leading /. */
export function showsName(shown: unknown, name: string): boolean {
  const bare = bareName(name);
  return shown === bare || shown === `/${bare}`;
}

/** Whether a list item's Names holds the name `name` (in either form). */
export function namesHold(names: unknown, name: string): boolean {
  return Array.isArray(names) && names.some((shown) => showsName(shown, name));
}

/** Fails unless `shown` (an inspect Name) is the container name `name`, with or without one leading /. */
export function expectShownName(ctx: EngineContext, shown: unknown, name: string, what: string, requirement?: string): void {
  ctx.expect(showsName(shown, name), `${what}: expected the name ${shownNameForms(name)}, got ${JSON.stringify(shown)}`, {
    expected: shownNameForms(name),
    actual: shown,
    requirement,
  });
}

/** Fails unless a list item's Names is the one name `name` (each container here has no other name: no links). */
export function expectListedName(ctx: EngineContext, names: unknown, name: string, what: string): void {
  const one = Array.isArray(names) && names.length === 1 && showsName(names[0], name);
  ctx.expect(one, `${what}: expected Names to hold the one name ${shownNameForms(name)}, got ${JSON.stringify(names)}`, {
    expected: `[${shownNameForms(name)}]`,
    actual: names,
  });
}
