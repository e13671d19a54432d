/**
 * What the negative sweeps of both APIs share: a bad input (query values, a body that is not JSON,
 * sent as another type, or with one field replaced), the classes of them an endpoint's catalog
 * entry yields, the request a bad input turns a valid one into, and how the report shows it.
 */
import fc from 'fast-check';
import { encodeQuery } from '../protocol/query.ts';
import { type BodyField, outOfRange, unknownEnumValue, wrongValues } from '../schema/body-fields.ts';

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
  /** Every input of a finite class, for a sweep that sends each (a target may refuse one bad value and take another). */
  every?: BadInput[];
}

/** Text that no JSON parser accepts, the first one a truncation (the shape of a cut request). */
export const NOT_JSON = ['{"status": [', '{', 'status=running', "{'label':['x']}", '{"label":["x"],}', 'not json'];

/** Values that are no integer (`+1` and ` 1` are left out: some parsers accept them). */
export const NOT_INTEGERS = ['ten', '1.5', '0x10', '1e3', '-', 'abc'];

/** Content types that are not JSON, for a JSON body. */
export const NOT_JSON_TYPES = ['application/x-www-form-urlencoded', 'application/xml'];

/** One query parameter of those named given one of the values, the parameter chosen too. */
export function queryClass(name: string, what: string, params: string[], values: string[]): InputClass | undefined {
  if (params.length === 0 || values.length === 0) return undefined;
  const arbitrary = fc.tuple(fc.constantFrom(...params), fc.constantFrom(...values)).map(([param, value]): BadInput => ({ query: { [param]: value } }));
  const every = params.flatMap((param) => values.map((value): BadInput => ({ query: { [param]: value } })));
  return { name, what, arbitrary, every };
}

/** A body that is not JSON, and a JSON body sent as each of `contentTypes`. */
export function bodyTextClasses(contentTypes: string[]): InputClass[] {
  return [
    { name: 'body-not-json', what: 'a body that is not JSON', arbitrary: fc.constantFrom(...NOT_JSON).map((text) => ({ body: { text } })) },
    {
      name: 'body-not-application-json',
      what: 'a JSON body sent as another content type',
      arbitrary: fc.constantFrom(...contentTypes).map((contentType) => ({ body: { contentType } })),
    },
  ];
}

/** A class that replaces one body field by one of the values `valuesOf` gives it (none: the class is left out). */
export function bodyFieldClass(name: string, what: string, fields: BodyField[], valuesOf: (f: BodyField) => unknown[]): InputClass | undefined {
  const withValues = fields.map((f) => ({ name: f.name, values: valuesOf(f) })).filter((f) => f.values.length > 0);
  if (withValues.length === 0) return undefined;
  const arbitrary = fc.constantFrom(...withValues).chain((f) => fc.constantFrom(...f.values).map((v): BadInput => ({ body: { field: [f.name, v] } })));
  return { name, what, arbitrary };
}

/** The classes of body fields: another JSON type, a value outside an enum, a number outside a range. */
export function bodyFieldClasses(fields: BodyField[], withLimits: boolean): InputClass[] {
  const classes = [bodyFieldClass('body-field-wrong-type', 'a body field of another JSON type', fields, wrongValues)];
  if (withLimits)
    classes.push(
      bodyFieldClass('body-field-unknown-enum-value', 'a body field given a value outside its documented set', fields, (f) => {
        const value = unknownEnumValue(f);
        return value === undefined ? [] : [value];
      }),
      bodyFieldClass('body-field-out-of-range', 'a body field given a number outside its documented range', fields, outOfRange),
    );
  return classes.filter((c): c is InputClass => c !== undefined);
}

/** A request as sent: what a bad input made of a valid one. */
export interface Sent {
  method: string;
  path: string;
  query: Record<string, string>;
  text?: string;
  contentType?: string;
}

/** The valid request (its query and JSON body) with the bad input put in. */
export function withInput(method: string, path: string, valid: { query: Record<string, string>; body?: Record<string, unknown> }, input: BadInput): Sent {
  const sent: Sent = { method, path, query: { ...valid.query, ...input.query } };
  const bad = input.body;
  if (bad?.text !== undefined) return { ...sent, text: bad.text, contentType: 'application/json' };
  if (!valid.body) return sent;
  const fields = bad?.field ? { ...valid.body, [bad.field[0]]: bad.field[1] } : valid.body;
  return { ...sent, text: JSON.stringify(fields), contentType: bad?.contentType ?? 'application/json' };
}

/** The request as the report shows it: the bad field itself, not the body it is buried in. */
export function shownRequest(sent: Sent, input: BadInput): string {
  const field = input.body?.field;
  const body = field
    ? ` with the body field ${field[0]}: ${JSON.stringify(field[1])}`
    : sent.text === undefined
      ? ''
      : ` with ${sent.contentType} body ${JSON.stringify(sent.text.slice(0, 160))}`;
  return `${sent.method} ${sent.path}${encodeQuery(sent.query)}${body}`;
}
