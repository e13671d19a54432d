/**
 * Detach keys (1.22 `detachKeys`): a comma-separated sequence of single letters or `ctrl-<value>`
 * (value a-z, @, ^, [, comma, _). Default ctrl-p,ctrl-q. Typing the sequence on an attached stdin
 * ends the session without stopping the container.
 */
import { HttpError } from '../http/router.ts';

const DEFAULT_DETACH_KEYS = Buffer.from([0x10, 0x11]);
const CTRL_SPECIAL: Record<string, number> = { '@': 0, '[': 27, '\\': 28, ']': 29, '^': 30, _: 31, ',': 44 };

export function parseDetachKeys(raw: string | null | undefined, splitEveryComma = false): Buffer {
  if (!raw) return DEFAULT_DETACH_KEYS;
  // `ctrl-,` holds the separator itself: split only on commas that start a new key (start's
  // `blind12-start-detach-keys-split-every-comma` splits on each one, which breaks `ctrl-,`).
  const keys = raw.split(splitEveryComma ? ',' : /,(?=ctrl-|[a-zA-Z](?:,|$))/);
  return Buffer.from(keys.map((key) => keyCode(key, raw)));
}

function keyCode(key: string, raw: string): number {
  if (/^[a-zA-Z]$/.test(key)) return key.charCodeAt(0);
  const ctrl = /^ctrl-(.)$/.exec(key);
  if (ctrl) {
    const value = ctrl[1]!;
    if (/^[a-z]$/.test(value)) return value.charCodeAt(0) - 96;
    if (value in CTRL_SPECIAL) return CTRL_SPECIAL[value]!;
  }
  throw new HttpError(400, `Invalid detach keys (${raw}) provided: expected a letter or ctrl-<value> (value a-z, @, ^, [, comma, _)`);
}

/** Watches input for the sequence; returns the bytes to pass on and whether it completed. */
export function detachScanner(sequence: Buffer): (data: Buffer) => { pass: Buffer; detached: boolean } {
  let matched = 0;
  return (data) => {
    const pass: number[] = [];
    for (const byte of data) {
      if (byte === sequence[matched]) {
        matched++;
        if (matched === sequence.length) return { pass: Buffer.from(pass), detached: true };
        continue;
      }
      pass.push(...sequence.subarray(0, matched));
      matched = byte === sequence[0] ? 1 : 0;
      if (matched === 0) pass.push(byte);
    }
    return { pass: Buffer.from(pass), detached: false };
  };
}
