/** The shell's grammar: lists, and-or chains, pipelines, simple commands, if/while/until/for, groups. */
import { plainText, ShellSyntaxError, tokenize } from './lexer.ts';
import type { RedirOp, Token, Word } from './lexer.ts';

export interface Redirect {
  fd: number;
  op: RedirOp;
  target: Word;
}

export type Command =
  | { type: 'simple'; assigns: Array<{ name: string; value: Word }>; words: Word[]; redirects: Redirect[] }
  | { type: 'if'; clauses: Array<{ cond: List; body: List }>; otherwise?: List }
  | { type: 'loop'; until: boolean; cond: List; body: List }
  | { type: 'for'; name: string; items: Word[] | undefined; body: List }
  | { type: 'group'; body: List; subshell: boolean };

export interface Pipeline {
  negate: boolean;
  commands: Command[];
}
export interface AndOr {
  first: Pipeline;
  rest: Array<{ op: '&&' | '||'; pipeline: Pipeline }>;
}
export interface List {
  items: Array<{ andOr: AndOr; background: boolean }>;
}

export function parseScript(source: string): List {
  const parser = new Parser(tokenize(source));
  const list = parser.list([]);
  parser.expectEnd();
  return list;
}

class Parser {
  private i = 0;
  constructor(private readonly tokens: Token[]) {}

  private peek(): Token | undefined {
    return this.tokens[this.i];
  }

  private reserved(): string | undefined {
    const t = this.peek();
    return t?.kind === 'word' ? plainText(t.word) : undefined;
  }

  private isOp(op: string): boolean {
    const t = this.peek();
    return t?.kind === 'op' && t.op === op;
  }

  private fail(what: string): never {
    const t = this.peek();
    const near = !t ? 'end of file' : t.kind === 'op' ? t.op.replace('\n', 'newline') : t.kind === 'redir' ? t.op : (plainText(t.word) ?? 'word');
    throw new ShellSyntaxError(`sh: syntax error: unexpected ${near}${what ? ` (expecting ${what})` : ''}`);
  }

  expectEnd(): void {
    if (this.peek()) this.fail('');
  }

  private skipNewlines(): void {
    while (this.isOp('\n') || this.isOp(';')) this.i++;
  }

  private expectWord(word: string): void {
    this.skipNewlines();
    if (this.reserved() !== word) this.fail(`"${word}"`);
    this.i++;
  }

  /** and-or items until EOF, ')' or one of the reserved words that close a compound. */
  list(terminators: string[]): List {
    const items: List['items'] = [];
    for (;;) {
      this.skipNewlines();
      const t = this.peek();
      if (!t || this.isOp(')') || terminators.includes(this.reserved() ?? '\0')) break;
      const andOr = this.andOr();
      const background = this.isOp('&');
      if (background || this.isOp(';') || this.isOp('\n')) this.i++;
      else if (this.peek() && !this.isOp(')') && !terminators.includes(this.reserved() ?? '')) this.fail('');
      items.push({ andOr, background });
    }
    return { items };
  }

  private andOr(): AndOr {
    const first = this.pipeline();
    const rest: AndOr['rest'] = [];
    while (this.isOp('&&') || this.isOp('||')) {
      const op = (this.tokens[this.i++] as { op: '&&' | '||' }).op;
      while (this.isOp('\n')) this.i++;
      rest.push({ op, pipeline: this.pipeline() });
    }
    return { first, rest };
  }

  private pipeline(): Pipeline {
    const negate = this.reserved() === '!';
    if (negate) this.i++;
    const commands = [this.command()];
    while (this.isOp('|')) {
      this.i++;
      while (this.isOp('\n')) this.i++;
      commands.push(this.command());
    }
    return { negate, commands };
  }

  private command(): Command {
    switch (this.reserved()) {
      case 'if':
        return this.ifCommand();
      case 'while':
      case 'until':
        return this.loop();
      case 'for':
        return this.forCommand();
      case '{': {
        this.i++;
        const body = this.list(['}']);
        this.expectWord('}');
        return { type: 'group', body, subshell: false };
      }
    }
    if (this.isOp('(')) {
      this.i++;
      const body = this.list([]);
      if (!this.isOp(')')) this.fail('")"');
      this.i++;
      return { type: 'group', body, subshell: true };
    }
    return this.simple();
  }

  private ifCommand(): Command {
    const clauses: Array<{ cond: List; body: List }> = [];
    let otherwise: List | undefined;
    let keyword = 'if';
    while (keyword === 'if' || keyword === 'elif') {
      this.i++;
      const cond = this.list(['then']);
      this.expectWord('then');
      clauses.push({ cond, body: this.list(['elif', 'else', 'fi']) });
      this.skipNewlines();
      keyword = this.reserved() ?? '';
    }
    if (keyword === 'else') {
      this.i++;
      otherwise = this.list(['fi']);
    }
    this.expectWord('fi');
    return { type: 'if', clauses, otherwise };
  }

  private loop(): Command {
    const until = this.reserved() === 'until';
    this.i++;
    const cond = this.list(['do']);
    this.expectWord('do');
    const body = this.list(['done']);
    this.expectWord('done');
    return { type: 'loop', until, cond, body };
  }

  private forCommand(): Command {
    this.i++;
    const t = this.peek();
    const name = t?.kind === 'word' ? plainText(t.word) : undefined;
    if (!name || !/^[A-Za-z_]\w*$/.test(name)) this.fail('a variable name');
    this.i++;
    let items: Word[] | undefined;
    while (this.isOp('\n')) this.i++;
    if (this.reserved() === 'in') {
      this.i++;
      items = [];
      for (let w = this.peek(); w?.kind === 'word'; w = this.peek()) {
        items.push(w.word);
        this.i++;
      }
    }
    this.expectWord('do');
    const body = this.list(['done']);
    this.expectWord('done');
    return { type: 'for', name, items, body };
  }

  private simple(): Command {
    const assigns: Array<{ name: string; value: Word }> = [];
    const words: Word[] = [];
    const redirects: Redirect[] = [];
    for (let t = this.peek(); t && t.kind !== 'op'; t = this.peek()) {
      this.i++;
      if (t.kind === 'redir') {
        const target = this.peek();
        if (target?.kind !== 'word') this.fail('a file name');
        this.i++;
        redirects.push({ fd: t.fd, op: t.op, target: target.word });
        continue;
      }
      const first = t.word[0]!;
      const m = first.quote === 'none' ? /^([A-Za-z_]\w*)=/.exec(first.text) : null;
      if (m && words.length === 0) {
        const value: Word = [{ ...first, text: first.text.slice(m[0].length) }, ...t.word.slice(1)];
        assigns.push({ name: m[1]!, value });
      } else words.push(t.word);
    }
    if (!assigns.length && !words.length && !redirects.length) this.fail('a command');
    return { type: 'simple', assigns, words, redirects };
  }
}
