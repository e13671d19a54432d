/**
 * The engine's operations on one object named in their path: still answering for a removed
 * object as if it existed; refused renames, tags and creates that still apply; and an object not
 * found when the path names it by its name, or by its identifier.
 */
import type { Endpoint } from '../catalog/types.ts';
import type { Draft } from './generate.ts';
import type { SiteRequirements } from './site-requirements.ts';
import type { ReferenceForm } from './types.ts';

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

/**
 * The path placeholders that name one object either by its identifier or by its name (the
 * Conventions: "`(id or name)` is a container identifier or container name"; images' `(name)` "an
 * image name, tag reference or image identifier"; the networks' `(id or name)`), each with the
 * requirement that states it. A push names its repository ("that repository name is used in the URL").
 */
interface Placeholder {
  prefix: string;
  requirement: string;
  /** Endpoints whose path takes fewer forms than both. */
  forms: Partial<Record<string, readonly ReferenceForm[]>>;
}

const PLACEHOLDERS: readonly Placeholder[] = [
  { prefix: '/containers/{id}', requirement: 'engine/service/container-id-or-name', forms: {} },
  { prefix: '/networks/{id}', requirement: 'engine/networks/id-or-name', forms: {} },
  { prefix: '/images/{name}', requirement: 'engine/images/inspect/name-tag-or-id', forms: { 'engine/images/push': ['name'] } },
];

/** An operation on one object (documenting 404) that does not find it when its path names it by its name, or by its identifier. */
export function placeholderDrafts(e: Endpoint, version: string, inVersion: (versions?: string[]) => boolean, sites: SiteRequirements): Draft[] {
  const placeholder = PLACEHOLDERS.find((p) => e.path === p.prefix || e.path.startsWith(`${p.prefix}/`));
  if (!placeholder || !e.responses.some((r) => r.status === 404 && inVersion(r.versions))) return [];
  const forms = placeholder.forms[e.id] ?? (['name', 'id'] as const);
  return forms.map((form) => ({
    operator: `request/${form}-unresolved`,
    atom: `path ${form}`,
    spec: { kind: 'reference-unresolved', endpoint: e.id, version, form },
    requirements: [placeholder.requirement, ...sites.ofStatus(e.id, 404, 'codes')],
    description: `${e.method} ${e.path} answers as for a missing object when the path names it by its ${form === 'id' ? 'identifier' : 'name'}`,
  }));
}
