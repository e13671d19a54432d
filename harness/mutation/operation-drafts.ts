/**
 * The engine's operations on a removed object, and its refused renames, tags and creates: each endpoint that names a container, image,
 * volume, network or exec instance in its path (and documents 404) still answering for the
 * object once it was removed, as if it existed.
 */
import type { Endpoint } from '../catalog/types.ts';
import type { Draft } from './generate.ts';
import type { SiteRequirements } from './site-requirements.ts';

/** The path of an operation on one object of the engine: its kind and the object's reference. */
const OBJECT_PATH = /^\/(containers|images|volumes|networks|exec)\/\{[a-z]+\*?\}/;

export function deletedDrafts(e: Endpoint, version: string, inVersion: (versions?: string[]) => boolean, sites: SiteRequirements): Draft[] {
  const kind = OBJECT_PATH.exec(e.path)?.[1];
  if (!kind || !e.responses.some((r) => r.status === 404 && inVersion(r.versions))) return [];
  return [
    {
      operator: 'operation/deleted-still-answered',
      atom: 'deleted object',
      spec: { kind: 'deleted-still-answered', endpoint: e.id, version },
      requirements: sites.ofStatus(e.id, 404, 'codes'),
      description: `${e.method} ${e.path} still answers for a removed object (of ${kind}) as if it existed`,
    },
  ];
}

/**
 * The operations whose refusal (4xx other than 404) must leave nothing: a rename, a tag, a
 * container create. Network connect and the other creates document no such refusal.
 */
const NAMING_PATH = /\/(rename|tag)$|^\/containers\/create$/;

/** A refused rename or tag (4xx) that still takes the name, or leaves the tag; a refused create that leaves a container. */
export function refusedDrafts(e: Endpoint, version: string, inVersion: (versions?: string[]) => boolean, sites: SiteRequirements): Draft[] {
  const refusals = e.responses.filter((r) => r.status >= 400 && r.status < 500 && r.status !== 404 && inVersion(r.versions));
  if (!NAMING_PATH.test(e.path) || !refusals.length) return [];
  return [
    {
      operator: 'operation/refused-leaves-object',
      atom: 'refused',
      spec: { kind: 'refused-leaves-object', endpoint: e.id, version },
      requirements: [...new Set(refusals.flatMap((r) => sites.ofStatus(e.id, r.status, 'codes')))],
      description: `${e.method} ${e.path} refuses (${refusals.map((r) => r.status).join(', ')}) but still applies what it was asked for`,
    },
  ];
}
