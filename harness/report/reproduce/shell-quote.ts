/** A piece of a shell word: literal text, or the value of a shell variable set earlier in the script. */
export type WordPart = string | { variable: string };

/** `text` as one single-quoted shell word: nothing in it is expanded. */
export function quote(text: string): string {
  if (/^[A-Za-z0-9_\-./:=@%+,]+$/.test(text)) return text;
  return `'${text.replace(/'/g, `'\\''`)}'`;
}

/** Literal pieces single-quoted, variables double-quoted: one shell word. */
export function word(parts: readonly WordPart[]): string {
  const out = parts.filter((p) => p !== '').map((p) => (typeof p === 'string' ? quote(p) : `"\${${p.variable}}"`));
  return out.length ? out.join('') : "''";
}
