/**
 * The input classes of the negative sweep, derived from an endpoint of the catalog: for each query
 * parameter with a type (integer, timestamp, filters, json) and each JSON request body, values
 * outside that type. A class is a fast-check arbitrary of bad inputs; the sweep sends each one on
 * top of a request that is valid otherwise.
 */
import fc from 'fast-check';
import type { Endpoint, EngineVersion, QueryParam } from '../../../harness/catalog/types.ts';
import { bodyFields, wrongValues } from '../../../harness/schema/body-fields.ts';

/** One bad input: query values replacing the valid ones, or a body (and its content type). */
export interface BadInput {
  query?: Record<string, string>;
  /** A body whose text replaces the valid body, or a field of it replaced (`field`). */
  body?: { text?: string; field?: [string, unknown]; contentType?: string };
}

export interface InputClass {
  /** `filters-not-json`, `body-field-wrong-type`: the last segment of the check's id. */
  name: string;
  /** What the class sends, for the check's title. */
  what: string;
  arbitrary: fc.Arbitrary<BadInput>;
}

/** Text that no JSON parser accepts, the first one a truncation (the shape of a cut request). */
const NOT_JSON = ['{"status": [', '{', 'status=running', "{'label':['x']}", '{"label":["x"],}', 'not json'];

/** JSON that is not a map from string to list of strings (null left out: Go reads it as no filters). */
const NOT_A_MAP_OF_LISTS = ['["label"]', '"label"', '1', 'true', '{"label":"x"}', '{"label":[1]}', '{"label":1}'];

/** Values that are no integer (`+1` and ` 1` are left out: some parsers accept them). */
const NOT_INTEGERS = ['ten', '1.5', '0x10', '1e3', '-', 'abc'];

/**
 * Values that are no timestamp in any form a client sends (Unix seconds, fractions, RFC 3339, and
 * Go's durations such as `10m`, which Docker reads as relative times): letters only.
 */
const NOT_TIMESTAMPS = ['yesterday', 'noon', 'abc', 'never'];

/** One query parameter of a kind given one of the values, the parameter chosen too. */
function queryClass(name: string, what: string, params: QueryParam[], values: string[]): InputClass | undefined {
  if (params.length === 0) return undefined;
  const arbitrary = fc
    .tuple(fc.constantFrom(...params.map((p) => p.name)), fc.constantFrom(...values))
    .map(([param, value]): BadInput => ({ query: { [param]: value } }));
  return { name, what, arbitrary };
}

function paramsOf(endpoint: Endpoint, version: EngineVersion, type: string): QueryParam[] {
  return endpoint.query.filter((p) => p.type === type && (!p.versions || p.versions.includes(version)));
}

function queryClasses(endpoint: Endpoint, version: EngineVersion): InputClass[] {
  const of = (type: string): QueryParam[] => paramsOf(endpoint, version, type);
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
  const classes: InputClass[] = [
    { name: 'body-not-json', what: 'a body that is not JSON', arbitrary: fc.constantFrom(...NOT_JSON).map((text) => ({ body: { text } })) },
    {
      name: 'body-not-application-json',
      what: 'a JSON body sent as another content type',
      arbitrary: fc.constantFrom('text/plain', 'application/x-www-form-urlencoded', 'application/xml').map((contentType) => ({ body: { contentType } })),
    },
  ];
  const fields = bodyFields(version, body.schema).map((f) => ({ name: f.name, values: wrongValues(f) }));
  if (fields.length > 0)
    classes.push({
      name: 'body-field-wrong-type',
      what: 'a body field of another JSON type',
      arbitrary: fc.constantFrom(...fields).chain((f) => fc.constantFrom(...f.values).map((v): BadInput => ({ body: { field: [f.name, v] } }))),
    });
  return classes;
}

/** Every input class of an endpoint at a version. */
export function inputClasses(endpoint: Endpoint, version: EngineVersion): InputClass[] {
  return [...queryClasses(endpoint, version), ...bodyClasses(endpoint, version)];
}
