/**
 * What the named faults of both reference targets are made of. Each target derives a union of its
 * fault names from its definitions (`EngineFaultName`, `CloudFaultName`), so a misspelt name at a
 * `faults.has(...)` call or in a teeth table is a type error; names that arrive at run time
 * (`--fault NAME`) are checked against the same definitions.
 */

/** One named fault: the one rule it breaks, and the area of the API that rule is about. */
export interface Fault<Name extends string = string, Area extends string = string> {
  name: Name;
  area: Area;
  description: string;
}

/** The faults switched on in a server: `has` accepts only a name of that target's faults. */
export interface FaultSet<Name extends string> {
  has(name: Name): boolean;
}

/**
 * The faults of one area: each definition gets the area, and its name keeps its literal type (the
 * union of a target's fault names is read off these arrays).
 */
export function faultArea<const Area extends string, const Name extends string>(
  area: Area,
  faults: ReadonlyArray<{ name: Name; description: string }>,
): ReadonlyArray<Fault<Name, Area>> {
  return faults.map(({ name, description }) => ({ name, area, description }));
}

/** The keys of an object with their literal types (what `Object.keys` gives as plain strings). */
export function keysOf<T extends object>(o: T): Array<Extract<keyof T, string>> {
  const out: Array<Extract<keyof T, string>> = [];
  for (const key in o) out.push(key);
  return out;
}

/**
 * Reads fault names given at run time (`--fault NAME`, a server's options): the known ones, typed;
 * throws naming every unknown one.
 */
export function parseFaultNames<Name extends string>(target: string, faults: ReadonlyArray<Fault<Name>>, names: readonly string[]): Name[] {
  const known = new Map<string, Name>(faults.map((f) => [f.name, f.name]));
  const unknown = names.filter((n) => !known.has(n));
  if (unknown.length) {
    throw new Error(`unknown ${target} fault${unknown.length > 1 ? 's' : ''}: ${unknown.join(', ')} (see --list-faults)`);
  }
  return names.flatMap((n) => known.get(n) ?? []);
}

/**
 * `--list-faults`: one line per fault, `name<TAB>what it breaks<TAB>area`, grouped by area. The
 * first two fields are what the command always printed: scripts reading them keep working.
 */
export function listFaultsByArea(faults: ReadonlyArray<Fault>): string {
  const areas = [...new Set(faults.map((f) => f.area))];
  return areas.flatMap((area) => faults.filter((f) => f.area === area).map((f) => `${f.name}\t${f.description}\t${area}\n`)).join('');
}
