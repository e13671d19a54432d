/**
 * Word expansion at run time: parameters ($VAR, ${VAR}, ${VAR:-x}, ${#VAR}, $?, $$, $#, $@, $1),
 * command substitution $(...), arithmetic $((...)), a leading ~, and field splitting of unquoted
 * results on blanks. No globbing.
 */
import { evaluateArithmetic } from './arithmetic.ts';
import { matchParen } from './lexer.ts';
import type { Word } from './lexer.ts';

export interface ExpansionScope {
  get(name: string): string | undefined;
  set(name: string, value: string): void;
  /** Runs a script in a subshell and returns its stdout. */
  substitute(script: string): Promise<string>;
}

/** Expands every `$...` in a segment's text; returns the pieces with whether each came from an expansion. */
async function expandText(text: string, scope: ExpansionScope): Promise<Array<{ text: string; expanded: boolean }>> {
  const out: Array<{ text: string; expanded: boolean }> = [];
  let literal = '';
  const flush = () => {
    if (literal) out.push({ text: literal, expanded: false });
    literal = '';
  };
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '$' || i + 1 >= text.length) {
      literal += ch;
      continue;
    }
    const next = text[i + 1]!;
    let value: string | undefined;
    if (next === '(' && text[i + 2] === '(') {
      const close = matchParen(text, i + 1);
      value = String(evaluateArithmetic(text.slice(i + 3, close - 1), (n) => scope.get(n)));
      i = close;
    } else if (next === '(') {
      const close = matchParen(text, i + 1);
      value = (await scope.substitute(text.slice(i + 2, close))).replace(/\n+$/, '');
      i = close;
    } else if (next === '{') {
      const close = text.indexOf('}', i);
      value = braced(text.slice(i + 2, close), scope);
      i = close;
    } else {
      const m = /^([A-Za-z_]\w*|[?$#@*!0-9-])/.exec(text.slice(i + 1));
      if (!m) {
        literal += ch;
        continue;
      }
      value = scope.get(m[1]!) ?? '';
      i += m[1]!.length;
    }
    flush();
    out.push({ text: value ?? '', expanded: true });
  }
  flush();
  return out;
}

/** ${NAME}, ${#NAME}, ${NAME:-word}, ${NAME-word}, ${NAME:=word}, ${NAME:+word}. */
function braced(body: string, scope: ExpansionScope): string {
  if (body.startsWith('#')) return String((scope.get(body.slice(1)) ?? '').length);
  const m = /^([A-Za-z_]\w*|[?$#@*!0-9])(:?[-=+])?(.*)$/.exec(body);
  if (!m) return '';
  const [, name, op, word] = m as unknown as [string, string, string | undefined, string];
  const value = scope.get(name!);
  const unset = op?.startsWith(':') ? !value : value === undefined;
  switch (op?.replace(':', '')) {
    case '-':
      return unset ? word : value!;
    case '=':
      if (unset) scope.set(name!, word);
      return unset ? word : value!;
    case '+':
      return unset ? '' : word;
    default:
      return value ?? '';
  }
}

/** A word as a list of fields (unquoted expansion results split on blanks). */
export async function expandWord(word: Word, scope: ExpansionScope): Promise<string[]> {
  const fields: string[] = [];
  let current: string | undefined;
  for (const [index, segment] of word.entries()) {
    if (segment.quote === 'single') {
      current = (current ?? '') + segment.text;
      continue;
    }
    let text = segment.text;
    if (index === 0 && segment.quote === 'none' && /^~(\/|$)/.test(text)) text = (scope.get('HOME') || '/root') + text.slice(1);
    for (const piece of await expandText(text, scope)) {
      if (segment.quote === 'double' || !piece.expanded) {
        current = (current ?? '') + piece.text;
        continue;
      }
      const parts = piece.text.split(/[ \t\n]+/);
      parts.forEach((part, i) => {
        if (i > 0) {
          if (current !== undefined && current !== '') fields.push(current);
          current = undefined;
        }
        if (part) current = (current ?? '') + part;
      });
    }
    if (segment.quote === 'double') current ??= '';
  }
  if (current !== undefined) fields.push(current);
  return fields;
}

/** A word as one string (assignments, redirection targets, case words). */
export async function expandToString(word: Word, scope: ExpansionScope): Promise<string> {
  const fields: string[] = [];
  let current = '';
  for (const segment of word) {
    if (segment.quote === 'single') current += segment.text;
    else for (const piece of await expandText(segment.text, scope)) current += piece.text;
  }
  fields.push(current);
  return fields.join(' ');
}
