/**
 * The input classes of the negative sweep, derived from an endpoint of the catalog: for each query
 * parameter with a type (integer, timestamp, filters, json, signal) and each JSON request body, values
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

/** Neither a signal number nor a signal name (with or without SIG, any case). */
const NOT_SIGNALS = ['NOSUCHSIGNAL', 'SIGNOPE', 'ten'];

function paramsOf(endpoint: Endpoint, version: EngineVersion, type: string): QueryParam[] {
  return endpoint.query.filter((p) => p.type === type && (!p.versions || p.versions.includes(version)));
}

/** The classes that put a bad value in the query (the others put it in the body): name, what, parameter type, values. */
const QUERY_CLASSES: ReadonlyArray<readonly [string, string, string, string[]]> = [
  ['integer-not-an-integer', 'an integer parameter that is not an integer', 'integer', NOT_INTEGERS],
  ['timestamp-not-a-timestamp', 'a timestamp parameter that is not a timestamp', 'timestamp', NOT_TIMESTAMPS],
  ['filters-not-json', '`filters` that is not JSON', 'filters', NOT_JSON],
  ['filters-not-a-map-of-lists', '`filters` that is JSON but not a map of lists of strings', 'filters', NOT_A_MAP_OF_LISTS],
  ['json-not-json', 'a JSON parameter that is not JSON', 'json', NOT_JSON],
  ['signal-not-a-signal', 'a signal that is neither a number nor a signal name', 'signal', NOT_SIGNALS],
];

export function isQueryClass(name: string): boolean {
  return QUERY_CLASSES.some(([n]) => n === name);
}

function queryClasses(endpoint: Endpoint, version: EngineVersion): InputClass[] {
  return QUERY_CLASSES.map(([name, what, type, values]) =>
    queryClass(
      name,
      what,
      paramsOf(endpoint, version, type).map((p) => p.name),
      values,
    ),
  ).filter((c): c is InputClass => c !== undefined);
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
