/**
 * The `filters` query parameter: "a JSON-encoded map from string to list of strings" (spec).
 * Real daemons also accept the newer map-of-bool form `{"key": {"value": true}}` (facts); it is
 * decoded into the same map and noted as an observation (`legacy-map-of-bool`), since it is not
 * the spec's form. A daemon reads every key of the inner map, whatever its boolean says.
 */
import { observation, quote, violation, type Decoded, type Diagnostic } from './diagnostic.ts';
import { describeJson, emptyRecord, isJsonObject, parseJsonText } from './json-value.ts';

export type Filters = Record<string, string[]>;
export type FiltersForm = 'lists' | 'map-of-bool';

/** Encodes filters as the spec's map of lists (default) or the real daemons' map of bools. */
export function encodeFilters(filters: Readonly<Record<string, readonly string[]>>, form: FiltersForm = 'lists'): string {
  const encoded = emptyRecord<unknown>();
  for (const [key, values] of Object.entries(filters)) {
    encoded[key] = form === 'lists' ? [...values] : Object.fromEntries(values.map((value) => [value, true]));
  }
  return JSON.stringify(encoded);
}

/** Decodes a `filters` value (already URL-decoded). The result has no prototype: any key is a plain key. */
export function decodeFilters(text: string): Decoded<Filters> {
  const parsed = parseJsonText(text);
  if (parsed.diagnostics.length > 0) return { diagnostics: parsed.diagnostics };
  if (!isJsonObject(parsed.value)) {
    return { diagnostics: [violation('filters-not-an-object', `filters must be a JSON object (a map of lists), got ${describeJson(parsed.value)}`)] };
  }
  const filters = emptyRecord<string[]>();
  const diagnostics: Diagnostic[] = [];
  const legacyKeys: string[] = [];
  let listKeys = 0;
  for (const [key, raw] of Object.entries(parsed.value)) {
    const values = Array.isArray(raw) ? decodeList(key, raw, diagnostics) : decodeMapOfBool(key, raw, diagnostics);
    if (values === undefined) continue;
    filters[key] = values;
    if (Array.isArray(raw)) listKeys++;
    else legacyKeys.push(key);
  }
  if (legacyKeys.length > 0) {
    diagnostics.push(
      observation(
        'legacy-map-of-bool',
        `filters ${legacyKeys.map((k) => quote(k)).join(', ')} use the map-of-bool form {"key": {"value": true}} that real daemons accept; ` +
          "the spec's form is a map of lists",
      ),
    );
    if (listKeys > 0) {
      diagnostics.push(
        violation('filters-mixed-forms', 'filters mix the list form and the map-of-bool form; real daemons accept one form per document, not both'),
      );
    }
  }
  return { value: filters, diagnostics };
}

function decodeList(key: string, raw: unknown[], diagnostics: Diagnostic[]): string[] | undefined {
  const strings = raw.filter((item): item is string => typeof item === 'string');
  if (strings.length === raw.length) return strings;
  const bad = raw.find((item) => typeof item !== 'string');
  diagnostics.push(violation('filters-value-not-a-string', `filter ${quote(key)} holds ${describeJson(bad)}; every value must be a string`));
  return undefined;
}

function decodeMapOfBool(key: string, raw: unknown, diagnostics: Diagnostic[]): string[] | undefined {
  const isMapOfBool = isJsonObject(raw) && Object.values(raw).every((flag) => typeof flag === 'boolean');
  if (!isMapOfBool) {
    diagnostics.push(violation('filters-value-not-a-list', `filter ${quote(key)} must be a list of strings, got ${describeJson(raw)}`));
    return undefined;
  }
  const falseValues = Object.keys(raw).filter((value) => raw[value] === false);
  if (falseValues.length > 0) {
    diagnostics.push(
      observation(
        'legacy-map-false-value',
        `filter ${quote(key)} maps ${falseValues.map((v) => quote(v)).join(', ')} to false; real daemons use the value anyway`,
      ),
    );
  }
  return Object.keys(raw);
}
