/**
 * The shapes of the data derived from the specs: requirements and endpoints. The data lives in
 * catalog/<api>/ as JSON; these types are what the harness reads it as.
 */

export type Api = 'engine' | 'cloud';
export type EngineVersion = '1.18' | '1.22';
export type SuiteName = 'engine-1.18' | 'engine-1.22' | 'cloud';
export const SUITES: readonly SuiteName[] = ['engine-1.18', 'engine-1.22', 'cloud'];
export type EngineSuiteName = Exclude<SuiteName, 'cloud'>;

/** The API a suite verifies. */
export function apiOfSuite(suite: SuiteName): Api {
  return suite === 'cloud' ? 'cloud' : 'engine';
}

/** The version of its API a suite verifies, as the catalog's `versions` name it: 1.18, 1.22, v1. */
export function apiVersionOfSuite(suite: SuiteName): EngineVersion | 'v1' {
  return suite === 'cloud' ? 'v1' : engineVersionOf(suite);
}

/** The engine API version an engine suite verifies. */
export function engineVersionOf(suite: EngineSuiteName): EngineVersion {
  return ENGINE_VERSIONS[suite];
}

const ENGINE_VERSIONS: Record<EngineSuiteName, EngineVersion> = { 'engine-1.18': '1.18', 'engine-1.22': '1.22' };

/**
 * required: an explicit statement; breaking it fails the check.
 * recommended: a documented behaviour whose breach is tolerable; breaking it is a warning.
 * informational: the spec says "not shown"; only observations, never a failure.
 */
export type RequirementLevel = 'required' | 'recommended' | 'informational';

export interface Requirement {
  /** Stable, descriptive, never positional: 'engine/containers/start/already-started-304'. */
  id: string;
  /** The section of the spec the statement comes from: 'Endpoints > Containers > 10'. */
  section: string;
  /** The statement in short, in the spec's words where possible. */
  statement: string;
  /** Engine: '1.18' and/or '1.22'; cloud: 'v1'. */
  versions: string[];
  level: RequirementLevel;
  /** The catalog endpoint id the statement is about, when there is one. */
  endpoint?: string;
  /** Why no check covers it, when none can (e.g. needs a Windows daemon). */
  uncoveredReason?: string;
  /** Why the level is lower than the statement's words: every recommended requirement says why it is not required. */
  levelReason?: string;
}

export type QueryType = 'boolean' | 'integer' | 'string' | 'filters' | 'json' | 'timestamp' | 'uri' | 'signal';

export interface QueryParam {
  name: string;
  type: QueryType;
  default?: string | number | boolean | null;
  /** Allowed values, where the spec enumerates them. */
  enum?: string[];
  required?: boolean;
  repeatable?: boolean;
  versions?: string[];
  description: string;
  /** Cloud: the parameter comes from the facts file, not the spec. */
  fromFacts?: boolean;
}

export interface ResponseSpec {
  status: number;
  meaning: string;
  contentType?: string;
  /** Schema name, resolved per version: schemas/<api>/<version>/<schema>.json */
  schema?: string;
  /** Set when the body is a sequence of JSON objects, each valid against `schema`. */
  jsonStream?: boolean;
  /**
   * Cloud: the body is a list of `schema` objects. The envelope is "not shown" in the spec; the
   * facts give {meta, objects}, which the suite observes as informational.
   */
  list?: boolean;
  /** Cloud: the code (or the body shape) comes from the facts file, not the spec: informational. */
  fromFacts?: boolean;
  schemaFromFacts?: boolean;
  /** Names of the headers the response carries (e.g. the action URI header). */
  headers?: string[];
  versions?: string[];
}

/** A request header an endpoint reads, with the requirement that states it. */
export interface RequestHeader {
  name: string;
  description: string;
  requirement: string;
}

export interface Endpoint {
  /** Stable id: 'engine/containers/start', 'cloud/service/start'. */
  id: string;
  /** The spec's own number for engine endpoints (1 to 56). */
  number?: number;
  section: string;
  method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE' | 'HEAD';
  /** Path template without the version prefix; placeholders in braces: /containers/{id}/start */
  path: string;
  versions: string[];
  /** Cloud: which interface serves it. */
  interface?: 'rest' | 'stream';
  /** Cloud: accepts the optional namespace segment after /api/<subsystem>/v1/. */
  namespaced?: boolean;
  summary: string;
  query: QueryParam[];
  requestBody?: { contentType: string; schema?: string; required?: boolean; versions?: string[] };
  /** The request headers the endpoint reads (the registry credentials), besides Content-Type. */
  requestHeaders?: RequestHeader[];
  responses: ResponseSpec[];
  /** False when the spec lists no status codes for the endpoint: its answers' codes are not judged. */
  codesListed?: boolean;
}
