/** JSON text written as it is: a value serialized already (an event, see routes/events.ts). */
export class RawJson {
  constructor(readonly text: string) {}
}

/** JSON text with exact int64 numbers: a bigint is written as its digits (event timeNano). */
export function toJson(value: unknown): string {
  if (value instanceof RawJson) return value.text;
  try {
    return JSON.stringify(value);
  } catch (err) {
    // Only a value holding a bigint takes the slower way: a replacer called for every key.
    if (!(err instanceof TypeError)) throw err;
  }
  const marker = '\u0000bigint:';
  const text = JSON.stringify(value, (_key, v: unknown) => (typeof v === 'bigint' ? `${marker}${v.toString()}` : v));
  return text.replace(/"\\u0000bigint:(-?\d+)"/g, '$1');
}
