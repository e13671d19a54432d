import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Api, Endpoint, Requirement } from './types.ts';

export const CATALOG_DIR = fileURLToPath(new URL('../../catalog/', import.meta.url));

/** Every JSON file in catalog/<api>/<kind>/ holds an array; their concatenation is the list. */
function readArrays<T>(api: Api, kind: 'endpoints' | 'requirements', dir: string): T[] {
  const folder = path.join(dir, api, kind);
  if (!existsSync(folder)) return [];
  return readdirSync(folder)
    .filter((f) => f.endsWith('.json'))
    .sort()
    .flatMap((file) => {
      const data = JSON.parse(readFileSync(path.join(folder, file), 'utf8')) as unknown;
      if (!Array.isArray(data)) throw new Error(`${path.join(folder, file)}: expected a JSON array`);
      return data as T[];
    });
}

export function loadEndpoints(api: Api, dir: string = CATALOG_DIR): Endpoint[] {
  return readArrays<Endpoint>(api, 'endpoints', dir);
}

export function loadRequirements(api: Api, dir: string = CATALOG_DIR): Requirement[] {
  return readArrays<Requirement>(api, 'requirements', dir);
}

let sharedIndex: RequirementIndex | undefined;

/** Requirements by id, for the checks to look up their level and statement. */
export class RequirementIndex {
  private readonly byId = new Map<string, Requirement>();

  constructor(requirements: Requirement[]) {
    for (const r of requirements) this.byId.set(r.id, r);
  }

  static load(dir: string = CATALOG_DIR): RequirementIndex {
    return new RequirementIndex([...loadRequirements('engine', dir), ...loadRequirements('cloud', dir)]);
  }

  /**
   * The catalog's requirements, read once per process: a suite binding is made for every suite
   * file of a run, and for every teeth run of one check.
   */
  static shared(): RequirementIndex {
    sharedIndex ??= RequirementIndex.load();
    return sharedIndex;
  }

  get(id: string): Requirement | undefined {
    return this.byId.get(id);
  }

  all(): Requirement[] {
    return [...this.byId.values()];
  }
}
