/**
 * The input classes of the negative sweep, derived from an endpoint of the catalog: for each query
 * parameter with a type (integer, timestamp, filters, json) and each JSON request body, values
 * outside that type. A class is a fast-check arbitrary of bad inputs; the sweep sends each one on
 * top of a request that is valid otherwise.
 */
import type { Endpoint, EngineVersion, QueryParam } from '../../../harness/catalog/types.ts';
import { bodyFieldClasses, bodyTextClasses, type InputClass, NOT_INTEGERS, NOT_JSON, NOT_JSON_TYPES, queryClass } from '../../../harness/check/bad-input.ts';
import { bodyFields } from '../../../harness/schema/body-fields.ts';

export type { BadInput, InputClass } from '../../../harness/check/bad-input.ts';

/** JSON that is not a map from string to list of strings (null left out: Go reads it as no filters). */
const NOT_A_MAP_OF_LISTS = ['["label"]', '"label"', '1', 'true', '{"label":"x"}', '{"label":[1]}', '{"label":1}'];

/**
 * Values that are no timestamp in any form a client sends (Unix seconds, fractions, RFC 3339, and
 * Go's durations such as `10m`, which Docker reads as relative times): letters only.
 */
const NOT_TIMESTAMPS = ['yesterday', 'noon', 'abc', 'never'];

function paramsOf(endpoint: Endpoint, version: EngineVersion, type: string): QueryParam[] {
  return endpoint.query.filter((p) => p.type === type && (!p.versions || p.versions.includes(version)));
}

function queryClasses(endpoint: Endpoint, version: EngineVersion): InputClass[] {
  const of = (type: string): string[] => paramsOf(endpoint, version, type).map((p) => p.name);
  return [
    queryClass('integer-not-an-integer', 'an integer parameter that is not an integer', of('integer'), NOT_INTEGERS),
    queryClass('timestamp-not-a-timestamp', 'a timestamp parameter that is not a timestamp', of('timestamp'), NOT_TIMESTAMPS),
    queryClass('filters-not-json', '`filters` that is not JSON', of('filters'), NOT_JSON),
    queryClass('filters-not-a-map-of-lists', '`filters` that is JSON but not a map of lists of strings', of('filters'), NOT_A_MAP_OF_LISTS),
    queryClass('json-not-json', 'a JSON parameter that is not JSON', of('json'), NOT_JSON),
  ].filter((c): c is InputClass => c !== undefined);
}

function bodyClasses(endpoint: Endpoint, version: EngineVersion): InputClass[] {
  const body = endpoint.requestBody;
  if (!body?.schema || body.contentType !== 'application/json' || (body.versions && !body.versions.includes(version))) return [];
  const fields = bodyFields(`engine/${version}`, body.schema);
  return [...bodyTextClasses(['text/plain', ...NOT_JSON_TYPES]), ...bodyFieldClasses(fields, false)];
}

/** Every input class of an endpoint at a version. */
export function inputClasses(endpoint: Endpoint, version: EngineVersion): InputClass[] {
  return [...queryClasses(endpoint, version), ...bodyClasses(endpoint, version)];
}
