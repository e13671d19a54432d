/** JSON parsing as data: a malformed document is a diagnostic, never an exception. */
import { violation, type Decoded } from './diagnostic.ts';

export type JsonObject = { [key: string]: unknown };

export function parseJsonText(text: string, offset?: number): Decoded<unknown> {
  try {
    return { value: JSON.parse(text) as unknown, diagnostics: [] };
  } catch (error) {
    const reason = error instanceof Error ? error.message : String(error);
    return { diagnostics: [violation('malformed-json', `not valid JSON: ${reason}`, offset)] };
  }
}

export function isJsonObject(value: unknown): value is JsonObject {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

/** How a JSON value is called in messages: "an array", "null", "a number"... */
export function describeJson(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'an array';
  if (typeof value === 'object') return 'an object';
  return `a ${typeof value}`;
}

/** A record without a prototype, so that keys such as `__proto__` are plain keys. */
export function emptyRecord<T>(): Record<string, T> {
  return Object.create(null) as Record<string, T>;
}
