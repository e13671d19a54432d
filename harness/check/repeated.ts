/** The items of a list that repeat an earlier one (each repeat once): empty when every item is there once. */
export function repeated<T>(items: readonly T[]): T[] {
  return items.filter((item, i) => items.indexOf(item) !== i);
}
