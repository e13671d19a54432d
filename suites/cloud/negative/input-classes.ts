/**
 * The input classes of the cloud negative sweep, derived from an endpoint of the catalog: each
 * query parameter with a type (integer, boolean, a value set, a URI) and each JSON request body
 * (not JSON, sent as another type, a field of another JSON type, outside its value set or its
 * range, read from schemas/cloud/v1) gets values outside it.
 */
import type { Endpoint } from '../../../harness/catalog/types.ts';
import {
  type BadInput,
  bodyFieldClasses,
  bodyTextClasses,
  type InputClass,
  NOT_INTEGERS,
  NOT_JSON_TYPES,
  queryClass,
} from '../../../harness/check/bad-input.ts';
import { bodyFields } from '../../../harness/schema/body-fields.ts';

export type { BadInput, InputClass } from '../../../harness/check/bad-input.ts';

/** Neither `true` nor `false`, the two values the spec gives its boolean parameters. */
const NOT_BOOLEANS = ['maybe', 'perhaps', '2', 'truth'];
/** No state, type or other value a value set of the spec holds. */
const UNKNOWN_VALUES = ['CONFORMANCE_UNKNOWN_VALUE', 'Exploded'];
/** Text without the resource URI shape /api/<subsystem>/v1/... */
const NOT_URIS = ['not-a-uri', '/api/unknown/v9/thing/', 'http://'];

/** Query parameters of a list that are no filter: paging (facts) and the action list's switch. */
const NOT_FILTERS: ReadonlySet<string> = new Set(['limit', 'offset', 'include_related']);

/**
 * Whether a list may apply the bad input as a filter that matches nothing: an empty list answers
 * it as well as a client error does (the spec: filter parameters match the field of the same name).
 */
export function appliesAsFilter(endpoint: Endpoint, input: BadInput): boolean {
  const params = Object.keys(input.query ?? {});
  return endpoint.method === 'GET' && !endpoint.path.includes('{') && params.length > 0 && params.every((p) => !NOT_FILTERS.has(p));
}

function paramNames(endpoint: Endpoint, accept: (type: string | undefined, values: readonly string[] | undefined) => boolean): string[] {
  return endpoint.query
    .filter((p) => !p.fromFacts || p.name === 'limit' || p.name === 'offset')
    .filter((p) => accept(p.type, p.enum))
    .map((p) => p.name);
}

function queryClasses(endpoint: Endpoint): InputClass[] {
  const isBoolean = (type: string | undefined, values: readonly string[] | undefined): boolean =>
    type === 'boolean' || values?.every((v) => v === 'true' || v === 'false') === true;
  return [
    // A negative count is an integer outside every count's range.
    queryClass(
      'integer-not-an-integer',
      'an integer parameter that is not a non-negative integer',
      paramNames(endpoint, (t) => t === 'integer'),
      [...NOT_INTEGERS, '-1'],
    ),
    queryClass('boolean-not-a-boolean', 'a boolean parameter that is neither true nor false', paramNames(endpoint, isBoolean), NOT_BOOLEANS),
    queryClass(
      'value-outside-the-set',
      'a parameter given a value outside its documented set',
      paramNames(endpoint, (t, values) => values !== undefined && !isBoolean(t, values)),
      UNKNOWN_VALUES,
    ),
    queryClass(
      'uri-not-a-uri',
      'a URI parameter that is not a resource URI',
      paramNames(endpoint, (t) => t === 'uri'),
      NOT_URIS,
    ),
  ].filter((c): c is InputClass => c !== undefined);
}

function bodyClasses(endpoint: Endpoint): InputClass[] {
  const body = endpoint.requestBody;
  if (!body?.schema || body.contentType !== 'application/json') return [];
  // A body without Content-Type is read as JSON (facts): only other types are wrong.
  return [...bodyTextClasses(NOT_JSON_TYPES), ...bodyFieldClasses(bodyFields('cloud/v1', body.schema), true)];
}

/** Every input class of an endpoint. */
export function inputClasses(endpoint: Endpoint): InputClass[] {
  return [...queryClasses(endpoint), ...bodyClasses(endpoint)];
}
