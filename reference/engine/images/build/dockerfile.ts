/**
 * The build file: instructions (line continuations, comments, JSON or shell form), validated
 * before a build starts, and the environment substitution of their arguments.
 */
export interface Instruction {
  keyword: string;
  /** The arguments as written (after the keyword). */
  args: string;
  /** Set for the JSON (exec) form: `CMD ["echo", "hi"]`. */
  json?: string[];
  line: number;
}

export class BuildFileError extends Error {}

export const BUILD_INSTRUCTIONS = [
  'FROM',
  'RUN',
  'CMD',
  'ENTRYPOINT',
  'ENV',
  'LABEL',
  'WORKDIR',
  'COPY',
  'ADD',
  'EXPOSE',
  'USER',
  'VOLUME',
  'ARG',
  'MAINTAINER',
  'STOPSIGNAL',
  'ONBUILD',
];
/** Instructions a commit's `changes` may carry (like the real daemon). */
export const CHANGE_INSTRUCTIONS = ['CMD', 'ENTRYPOINT', 'ENV', 'EXPOSE', 'LABEL', 'ONBUILD', 'USER', 'VOLUME', 'WORKDIR'];

function jsonForm(args: string): string[] | undefined {
  if (!args.startsWith('[')) return undefined;
  try {
    const value: unknown = JSON.parse(args);
    return Array.isArray(value) && value.every((v) => typeof v === 'string') ? (value as string[]) : undefined;
  } catch {
    return undefined;
  }
}

/** Parses instructions; `allowed` limits the keywords. Throws BuildFileError on a syntax error. */
export function parseInstructions(text: string, allowed: readonly string[] = BUILD_INSTRUCTIONS): Instruction[] {
  const out: Instruction[] = [];
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const start = i;
    let line = lines[i]!.trim();
    if (!line || line.startsWith('#')) continue;
    while (line.endsWith('\\') && i + 1 < lines.length) {
      line = line.slice(0, -1);
      let next = lines[++i]!.trim();
      while (next.startsWith('#') && i + 1 < lines.length) next = lines[++i]!.trim();
      line += next.startsWith('#') ? '' : next;
    }
    const m = /^(\S+)\s*(.*)$/s.exec(line)!;
    const keyword = m[1]!.toUpperCase();
    const args = m[2]!.trim();
    if (!allowed.includes(keyword)) throw new BuildFileError(`Unknown instruction: ${keyword}`);
    if (!args) throw new BuildFileError(`${keyword} requires at least one argument`);
    out.push({ keyword, args, json: jsonForm(args), line: start + 1 });
  }
  return out;
}

/** $VAR, ${VAR}, ${VAR:-default}, ${VAR:+alt}; `\$` stays literal. */
export function substitute(text: string, env: ReadonlyMap<string, string>): string {
  return text.replace(/\\\$|\$\{([A-Za-z_]\w*)(?::([-+])([^}]*))?\}|\$([A-Za-z_]\w*)/g, (match, braced?: string, op?: string, word?: string, bare?: string) => {
    if (match === '\\$') return '$';
    const value = env.get((braced ?? bare)!);
    if (op === '-') return value ? value : (word ?? '');
    if (op === '+') return value ? (word ?? '') : '';
    return value ?? '';
  });
}

/** Words of `k=v k2="v 2"` or `a b c` with quotes and backslashes honoured. */
export function splitWords(text: string): string[] {
  const words: string[] = [];
  let current: string | undefined;
  let quote: string | undefined;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch === '\\' && i + 1 < text.length && quote !== "'") current = (current ?? '') + text[++i];
    else if (quote) {
      if (ch === quote) quote = undefined;
      else current = (current ?? '') + ch;
    } else if (ch === '"' || ch === "'") {
      quote = ch;
      current ??= '';
    } else if (/\s/.test(ch)) {
      if (current !== undefined) words.push(current);
      current = undefined;
    } else current = (current ?? '') + ch;
  }
  if (current !== undefined) words.push(current);
  return words;
}

/** ENV/LABEL arguments as pairs: `key value` (one pair) or `k=v ...`. */
export function keyValues(args: string, keyword: string): Array<[string, string]> {
  const words = splitWords(args);
  if (!words[0]?.includes('=')) {
    if (keyword === 'LABEL' || words.length < 2) throw new BuildFileError(`${keyword} must have two arguments`);
    const key = words[0]!;
    return [
      [
        key,
        args
          .trim()
          .slice(args.trim().indexOf(key) + key.length)
          .trim()
          .replace(/^(["'])(.*)\1$/, '$2'),
      ],
    ];
  }
  return words.map((w) => {
    const eq = w.indexOf('=');
    if (eq <= 0) throw new BuildFileError(`Syntax error - can't find = in "${w}". Must be of the form: name=value`);
    return [w.slice(0, eq), w.slice(eq + 1)];
  });
}
