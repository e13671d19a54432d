/**
 * How deeply a JSON text nests, found by a linear scan of its bytes (strings and escapes
 * skipped), so that a hostile document is refused before anything recursive (a schema validator,
 * a deep comparison, JSON.stringify) meets it. No answer either spec documents nests beyond a
 * dozen levels; the bound leaves wide room for real ones.
 */
export const MAX_JSON_DEPTH = 256;

/** The byte offset at which `bytes` first nests deeper than `max`, or undefined if it never does. */
export function jsonDepthExceeded(bytes: Uint8Array, max = MAX_JSON_DEPTH): number | undefined {
  if (openingsAtMost(bytes, max)) return undefined;
  let depth = 0;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < bytes.length; i++) {
    const byte = bytes[i]!;
    if (inString) {
      if (escaped) escaped = false;
      else if (byte === 0x5c) escaped = true;
      else if (byte === 0x22) inString = false;
    } else if (byte === 0x22) inString = true;
    else if (byte === 0x7b || byte === 0x5b) {
      if (++depth > max) return i;
    } else if ((byte === 0x7d || byte === 0x5d) && depth > 0) depth--;
  }
  return undefined;
}

/**
 * Whether `bytes` holds at most `max` opening brackets in all (in strings too), so that it cannot
 * nest deeper than `max`: the common answer is settled by a native search rather than the walk.
 */
function openingsAtMost(bytes: Uint8Array, max: number): boolean {
  let count = 0;
  for (const open of [0x7b, 0x5b]) {
    for (let i = bytes.indexOf(open); i !== -1; i = bytes.indexOf(open, i + 1)) if (++count > max) return false;
  }
  return true;
}

/** Whether the text starts (after whitespace) like a JSON object or array. */
export function looksLikeJsonContainer(bytes: Uint8Array): boolean {
  for (const byte of bytes) {
    if (byte === 0x20 || byte === 0x0a || byte === 0x0d || byte === 0x09) continue;
    return byte === 0x7b || byte === 0x5b;
  }
  return false;
}

/** The problem with a body nested past the bound, for messages; undefined when it is not. */
export function jsonDepthProblem(bytes: Uint8Array, max = MAX_JSON_DEPTH): string | undefined {
  if (!looksLikeJsonContainer(bytes)) return undefined;
  const at = jsonDepthExceeded(bytes, max);
  return at === undefined ? undefined : `JSON nested deeper than ${max} levels (at byte ${at})`;
}
