/**
 * Resource URIs. A namespaced resource keeps the spelling it got at creation: with the namespace
 * segment when the creating request named one, without it otherwise; its children (nodes of a
 * cluster, containers of a service, services of a stack) inherit that choice. So each URI has
 * one spelling everywhere, and clients can compare the values they get back as strings.
 * URIs sent by clients are matched by kind and id, in either spelling.
 */
export type Subsystem = 'audit' | 'infra' | 'app' | 'repo';

export type UriKind =
  | 'action'
  | 'provider'
  | 'region'
  | 'az'
  | 'nodetype'
  | 'nodecluster'
  | 'node'
  | 'registry'
  | 'repository'
  | 'stack'
  | 'service'
  | 'container'
  | 'volume';

const SUBSYSTEM_OF: Record<UriKind, Subsystem> = {
  action: 'audit',
  provider: 'infra',
  region: 'infra',
  az: 'infra',
  nodetype: 'infra',
  nodecluster: 'infra',
  node: 'infra',
  volume: 'infra',
  registry: 'repo',
  repository: 'repo',
  stack: 'app',
  service: 'app',
  container: 'app',
};

/** Where a resource lives and how its URI is spelled. */
export interface UriScope {
  namespace: string;
  /** Spell the namespace segment in the URI. */
  spelled: boolean;
}

/** `/api/<subsystem>/v1/[ns/]<kind>/<id parts>/` */
export function resourceUri(kind: UriKind, ids: readonly string[], scope?: UriScope): string {
  const ns = scope?.spelled ? `${scope.namespace}/` : '';
  return `/api/${SUBSYSTEM_OF[kind]}/v1/${ns}${kind}/${ids.map((id) => `${id}/`).join('')}`;
}

export interface ParsedUri {
  kind: UriKind;
  namespace?: string;
  /** Everything after the kind segment, without the trailing slash (may hold slashes). */
  id: string;
}

const URI_KINDS = 'action|provider|region|az|nodetype|nodecluster|node|registry|repository|stack|service|container|volume';
const URI_PATTERN = new RegExp(`^/api/(audit|infra|app|repo)/v1/(?:([^/]+)/)??(${URI_KINDS})/(.+?)/?$`);

/** Reads a resource URI (absolute URLs too); undefined when it is not one. */
export function parseUri(raw: unknown): ParsedUri | undefined {
  if (typeof raw !== 'string') return undefined;
  const path = raw.replace(/^[a-z]+:\/\/[^/]+/i, '').split('?')[0] ?? '';
  const m = URI_PATTERN.exec(path);
  if (!m) return undefined;
  const kind = m[3] as UriKind;
  if (SUBSYSTEM_OF[kind] !== m[1]) return undefined;
  return { kind, namespace: m[2], id: m[4] ?? '' };
}

/** The same resource, whatever the spelling. */
export function sameResource(a: string, b: string): boolean {
  const pa = parseUri(a);
  const pb = parseUri(b);
  if (!pa || !pb) return a === b;
  return pa.kind === pb.kind && pa.id === pb.id;
}
