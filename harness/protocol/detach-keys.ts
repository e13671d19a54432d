/**
 * The `detachKeys` grammar (spec, endpoint 10): a single character a-z/A-Z, or `ctrl-<value>`
 * where value is one of a-z, @, ^, [, comma, _.
 *
 * Real daemons (moby's term.ToBytes) read a comma-separated sequence of keys, each a single
 * character of any kind, `ctrl-@`, `ctrl-a`..`ctrl-z`, `ctrl-[`, `ctrl-\`, `ctrl-]`, `ctrl-^`,
 * `ctrl-_` or `DEL`. Keys they accept and the spec does not are observations, not violations;
 * `spec` says whether the text is valid per spec. Splitting on commas means a daemon cannot read
 * the spec's `ctrl-,`.
 */
import { observation, quote, violation, type Decoded, type Diagnostic } from './diagnostic.ts';

export interface DetachKeys {
  /** The keys as written, in order (one unless a daemon-style sequence). */
  keys: string[];
  /** Valid per the spec's grammar. */
  spec: boolean;
  /** Accepted by real daemons. */
  daemon: boolean;
  /** The bytes a daemon watches for, when it accepts the text. */
  bytes?: number[];
}

const SPEC_KEY = /^(?:[a-zA-Z]|ctrl-[a-z@^[,_])$/;
const DAEMON_CTRL_KEY = /^ctrl-([@a-z[\\\]^_])$/;
const DEL = 127;

export function isSpecDetachKeys(text: string): boolean {
  return SPEC_KEY.test(text);
}

export function parseDetachKeys(text: string): Decoded<DetachKeys> {
  const spec = isSpecDetachKeys(text);
  const parts = text.split(',');
  const bytes = parts.map(daemonByte);
  const daemon = bytes.every((byte) => byte !== undefined);
  const keys = spec ? [text] : parts;
  const value: DetachKeys = daemon ? { keys, spec, daemon, bytes: bytes as number[] } : { keys, spec, daemon };
  return { value, diagnostics: describe(text, value, parts) };
}

/** Encodes a sequence the way real daemons read it (the spec has a single key only). */
export function encodeDetachKeys(keys: readonly string[]): string {
  return keys.join(',');
}

function describe(text: string, value: DetachKeys, parts: string[]): Diagnostic[] {
  if (text === '') return [violation('detach-keys-empty', 'detachKeys is empty; the spec wants one key (a letter or ctrl-<value>)')];
  if (value.spec) {
    return value.daemon
      ? []
      : [observation('detach-keys-not-daemon', `${quote(text)} is valid per spec, but real daemons split detachKeys on commas and cannot read it`)];
  }
  if (!value.daemon) {
    const bad = parts.filter((part) => daemonByte(part) === undefined);
    return [
      violation(
        'invalid-detach-keys',
        `${quote(text)} is not a detach key: ${bad.map((b) => quote(b)).join(', ')} is neither a letter nor ctrl-<a-z, @, ^, [, comma, _>`,
      ),
    ];
  }
  if (parts.length > 1) {
    return [
      observation('detach-keys-sequence', `${quote(text)} is a comma-separated key sequence: real daemons accept it, the spec's grammar has a single key`),
    ];
  }
  return [
    observation(
      'detach-key-daemon-only',
      `${quote(text)} is accepted by real daemons but not by the spec's grammar (a letter or ctrl-<a-z, @, ^, [, comma, _>)`,
    ),
  ];
}

function daemonByte(key: string): number | undefined {
  // The daemon compares UTF-8 byte lengths: only an ASCII character is a one-byte key.
  if (key.length === 1) return key.charCodeAt(0) < 0x80 ? key.charCodeAt(0) : undefined;
  if (key === 'DEL') return DEL;
  const ctrl = DAEMON_CTRL_KEY.exec(key);
  return ctrl ? ctrl[1]!.toUpperCase().charCodeAt(0) & 0x1f : undefined;
}
