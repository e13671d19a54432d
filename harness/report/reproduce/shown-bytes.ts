/**
 * The bytes of a body as a transcript shows it (target/transcript.ts showBytes): a body with a
 * byte that is not text is shown whole with escapes (\xNN, \r), and a long one is cut after 4 KB
 * with a note of how much more there was.
 */

const CUT = /… \((\d+) more bytes\)$/;
const ESCAPE = /\\x([0-9a-f]{2})|\\r/g;

/** Whether the body was shown with escapes: only then are its backslashes escapes. */
export function isEscaped(shown: string): boolean {
  return /\\x[0-9a-f]{2}/.test(shown);
}

/** The bytes shown, and how many more the report left out. */
export function shownBytes(shown: string): { bytes: Buffer; cut: number } {
  const cut = Number(CUT.exec(shown)?.[1] ?? 0);
  const text = shown.replace(CUT, '');
  const bytes = Buffer.from(
    text.replace(ESCAPE, (_m, hex: string | undefined) => String.fromCharCode(hex ? Number.parseInt(hex, 16) : 0x0d)),
    'latin1',
  );
  return { bytes, cut };
}

/** Bytes as a printf format (POSIX: octal escapes), single-quoted. */
export function printfFormat(bytes: Buffer): string {
  let out = '';
  for (const [i, byte] of bytes.entries()) {
    // Not as itself: a backslash or % (printf's own), a quote (the shell's), a leading - (an option).
    const plain = byte >= 0x20 && byte < 0x7f && byte !== 0x5c && byte !== 0x25 && byte !== 0x27 && !(i === 0 && byte === 0x2d);
    out += plain ? String.fromCharCode(byte) : `\\${byte.toString(8).padStart(3, '0')}`;
  }
  return `'${out}'`;
}
