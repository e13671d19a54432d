/**
 * Tokens of the small POSIX-like shell: words (kept as quoted segments, expanded at run time),
 * operators and redirections. `$(...)`, `${...}` and backquotes stay inside their word.
 */
export type Quote = 'none' | 'single' | 'double';
export interface Segment {
  text: string;
  quote: Quote;
}
export type Word = Segment[];

export type Token =
  | { kind: 'word'; word: Word }
  | { kind: 'op'; op: ';' | '&' | '&&' | '||' | '|' | '(' | ')' | '\n' }
  | { kind: 'redir'; fd: number; op: RedirOp };

/** The redirection operators: `<>` opens a file for reading and writing, created if missing, never truncated. */
export type RedirOp = '>' | '>>' | '<' | '<>' | '>&';

export class ShellSyntaxError extends Error {}

/** Index of the ')' closing the '(' at `open`, skipping quoted text; -1 when unbalanced. */
export function matchParen(text: string, open: number): number {
  let depth = 0;
  for (let i = open; i < text.length; i++) {
    const ch = text[i];
    if (ch === '\\') i++;
    else if (ch === "'") i = text.indexOf("'", i + 1) < 0 ? text.length : text.indexOf("'", i + 1);
    else if (ch === '(') depth++;
    else if (ch === ')' && --depth === 0) return i;
  }
  return -1;
}

const OPERATORS = ['&&', '||', ';', '&', '|', '(', ')', '\n'] as const;

export function tokenize(source: string): Token[] {
  const tokens: Token[] = [];
  let word: Word | null = null;
  const add = (text: string, quote: Quote) => {
    word ??= [];
    const last = word[word.length - 1];
    if (last && last.quote === quote) last.text += text;
    else word.push({ text, quote });
  };
  const endWord = () => {
    if (word) tokens.push({ kind: 'word', word });
    word = null;
  };
  /** Copies `$(...)`, `$((...))` or `${...}` starting at i into the current segment; returns the new index. */
  const dollar = (i: number, quote: Quote): number => {
    const next = source[i + 1];
    const close = next === '(' ? matchParen(source, i + 1) : next === '{' ? source.indexOf('}', i) : i;
    if (close < 0) throw new ShellSyntaxError(`sh: syntax error: unterminated ${next === '(' ? '$(' : '${'}`);
    add(source.slice(i, close + 1), quote);
    return close;
  };
  for (let i = 0; i < source.length; i++) {
    const ch = source[i]!;
    if (ch === '\\') {
      if (source[i + 1] === '\n') i++;
      else if (i + 1 < source.length) add(source[++i]!, 'single');
    } else if (ch === "'") {
      const close = source.indexOf("'", i + 1);
      if (close < 0) throw new ShellSyntaxError('sh: syntax error: unterminated quoted string');
      add(source.slice(i + 1, close), 'single');
      i = close;
    } else if (ch === '"') {
      add('', 'double');
      for (i++; i < source.length && source[i] !== '"'; i++) {
        const c = source[i]!;
        if (c === '\\' && '"\\$`\n'.includes(source[i + 1] ?? '')) add(source[++i] === '\n' ? '' : source[i]!, 'single');
        else if (c === '$') i = dollar(i, 'double');
        else if (c === '`') i = backquote(i, 'double');
        else add(c, 'double');
      }
      if (i >= source.length) throw new ShellSyntaxError('sh: syntax error: unterminated quoted string');
    } else if (ch === '$') i = dollar(i, 'none');
    else if (ch === '`') i = backquote(i, 'none');
    else if (ch === '#' && !word) i = source.indexOf('\n', i) < 0 ? source.length : source.indexOf('\n', i) - 1;
    else if (ch === ' ' || ch === '\t') endWord();
    else if (ch === '>' || ch === '<' || (/\d/.test(ch) && !word && /^\d+[<>]/.test(source.slice(i)))) {
      const m = /^(\d*)(>>|>&|<>|>|<)/.exec(source.slice(i))!;
      endWord();
      const op = m[2] as RedirOp;
      tokens.push({ kind: 'redir', fd: m[1] ? Number(m[1]) : op === '<' || op === '<>' ? 0 : 1, op });
      i += m[0].length - 1;
    } else {
      const op = OPERATORS.find((o) => source.startsWith(o, i));
      if (op) {
        endWord();
        tokens.push({ kind: 'op', op });
        i += op.length - 1;
      } else add(ch, 'none');
    }
  }
  endWord();
  return tokens;

  function backquote(i: number, quote: Quote): number {
    const close = source.indexOf('`', i + 1);
    if (close < 0) throw new ShellSyntaxError('sh: syntax error: unterminated `');
    add(`$(${source.slice(i + 1, close)})`, quote);
    return close;
  }
}

/** The literal text of a word when it has no quotes and no expansions (for reserved words). */
export function plainText(word: Word): string | undefined {
  return word.length === 1 && word[0]!.quote === 'none' && !word[0]!.text.includes('$') ? word[0]!.text : undefined;
}
