/**
 * Header values that carry base64 of a JSON document (X-Registry-Auth, X-Registry-Config, the
 * archive path-stat header). Node's own base64 decoder skips bad characters silently, so the text
 * is checked first: a bad character is reported at its offset in the header value.
 */
import { observation, violation, type Decoded, type Diagnostic } from './diagnostic.ts';
import { parseJsonText } from './json-value.ts';

export type Base64Alphabet = 'standard' | 'url-safe';

const BASE64_CHAR = /[A-Za-z0-9+/\-_]/;
const UTF8 = new TextDecoder('utf-8', { fatal: true });

export function encodeBase64Json(value: unknown, alphabet: Base64Alphabet): string {
  return encodeBase64(Buffer.from(JSON.stringify(value), 'utf8'), alphabet);
}

/** Standard alphabet with padding, or URL-safe with padding (as Go's base64.URLEncoding writes). */
export function encodeBase64(bytes: Uint8Array, alphabet: Base64Alphabet): string {
  const text = Buffer.from(bytes).toString('base64');
  return alphabet === 'standard' ? text : text.replace(/\+/g, '-').replace(/\//g, '_');
}

export function decodeBase64(text: string, expected: Base64Alphabet, what: string): Decoded<Buffer> {
  const body = text.replace(/={1,2}$/, '');
  const bad = firstBadCharacter(body);
  if (bad >= 0) {
    return { diagnostics: [violation('not-base64', `${what} is not base64: character ${JSON.stringify(body[bad])} at offset ${bad}`, bad)] };
  }
  const padded = body.length !== text.length;
  if (body.length % 4 === 1 || (padded && text.length % 4 !== 0)) {
    return { diagnostics: [violation('not-base64', `${what} is not base64: its length (${text.length}) cannot be a base64 encoding`, text.length)] };
  }
  const diagnostics = alphabetDiagnostics(body, expected, what);
  if (diagnostics.some((d) => d.severity === 'violation')) return { diagnostics };
  if (!padded && body.length % 4 !== 0) {
    diagnostics.push(observation('base64-unpadded', `${what} has no '=' padding; strict decoders (Go's base64.StdEncoding / URLEncoding) reject it`));
  }
  return { value: Buffer.from(body.replace(/-/g, '+').replace(/_/g, '/'), 'base64'), diagnostics };
}

/** base64 → UTF-8 → JSON, each step reported on failure. */
export function decodeBase64Json(text: string, expected: Base64Alphabet, what: string): Decoded<unknown> {
  if (text === '') return { diagnostics: [violation('empty-value', `${what} is empty; it should be base64 of a JSON document`)] };
  const bytes = decodeBase64(text, expected, what);
  if (!bytes.value) return bytes;
  let json: string;
  try {
    json = UTF8.decode(bytes.value);
  } catch {
    return { diagnostics: [...bytes.diagnostics, violation('not-utf8', `${what} decodes to bytes that are not UTF-8 text`)] };
  }
  const parsed = parseJsonText(json);
  const diagnostics: Diagnostic[] = [...bytes.diagnostics, ...parsed.diagnostics.map((d) => ({ ...d, message: `${what}: ${d.message}` }))];
  return parsed.diagnostics.length > 0 ? { diagnostics } : { value: parsed.value, diagnostics };
}

function firstBadCharacter(body: string): number {
  for (let i = 0; i < body.length; i++) if (!BASE64_CHAR.test(body[i]!)) return i;
  return -1;
}

function alphabetDiagnostics(body: string, expected: Base64Alphabet, what: string): Diagnostic[] {
  const standard = /[+/]/.exec(body);
  const urlSafe = /[-_]/.exec(body);
  if (standard && urlSafe) {
    return [
      violation('mixed-base64-alphabets', `${what} mixes the standard (+ /) and URL-safe (- _) base64 alphabets`, Math.max(standard.index, urlSafe.index)),
    ];
  }
  const used: Base64Alphabet | undefined = standard ? 'standard' : urlSafe ? 'url-safe' : undefined;
  if (used === undefined || used === expected) return [];
  const first = (standard ?? urlSafe)!.index;
  return [observation('unexpected-base64-alphabet', `${what} uses the ${used} base64 alphabet where the spec says ${expected}`, first)];
}
