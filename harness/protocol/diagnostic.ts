/**
 * What every verifier returns: diagnostics as data, never exceptions. A `violation` breaks the
 * spec; an `observation` is worth telling (a real-daemon dialect, a harmless oddity) but is not a
 * breach. `offset` is the byte offset in the stream (or the character offset in a header value)
 * where the problem starts, when there is one.
 */
export type Severity = 'violation' | 'observation';

export interface Diagnostic {
  /** Stable kebab-case identifier: tests and reports key on it. */
  code: string;
  message: string;
  severity: Severity;
  offset?: number;
}

/** A decoded value (absent when the input could not be decoded) and what was noticed on the way. */
export interface Decoded<T> {
  value?: T;
  diagnostics: Diagnostic[];
}

export function violation(code: string, message: string, offset?: number): Diagnostic {
  return offset === undefined ? { code, message, severity: 'violation' } : { code, message, severity: 'violation', offset };
}

export function observation(code: string, message: string, offset?: number): Diagnostic {
  return offset === undefined ? { code, message, severity: 'observation' } : { code, message, severity: 'observation', offset };
}

export function hasViolation(diagnostics: Iterable<Diagnostic>): boolean {
  for (const d of diagnostics) if (d.severity === 'violation') return true;
  return false;
}

/** A short, printable rendering of untrusted text for messages: quoted, escaped, cut at `max`. */
export function quote(text: string, max = 200): string {
  const cut = text.length > max ? `${text.slice(0, max)}…` : text;
  return JSON.stringify(cut);
}
