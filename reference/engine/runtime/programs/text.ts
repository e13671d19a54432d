/** Programs that move text: echo, printf, cat, head, wc. */
import type { Proc, Program } from '../proc.ts';
import { parseFlags } from '../proc.ts';
import { resolveFrom } from '../../fs/paths.ts';

/** Backslash escapes of `echo -e` and printf formats. Returns the text and whether `\c` cut it. */
function unescapeText(text: string): { text: string; stop: boolean } {
  let out = '';
  for (let i = 0; i < text.length; i++) {
    const ch = text[i]!;
    if (ch !== '\\' || i + 1 >= text.length) {
      out += ch;
      continue;
    }
    const next = text[++i]!;
    const map: Record<string, string> = { n: '\n', t: '\t', r: '\r', '\\': '\\', a: '\x07', b: '\b', f: '\f', v: '\v', e: '\x1b' };
    if (next === 'c') return { text: out, stop: true };
    if (next === '0') {
      const oct = /^[0-7]{0,3}/.exec(text.slice(i + 1))![0];
      out += String.fromCharCode(parseInt(oct || '0', 8));
      i += oct.length;
    } else out += map[next] ?? `\\${next}`;
  }
  return { text: out, stop: false };
}

export const echo: Program = async (proc, args) => {
  let newline = true;
  let escapes = false;
  while (args.length && /^-[neE]+$/.test(args[0]!)) {
    const flag = args.shift()!;
    if (flag.includes('n')) newline = false;
    if (flag.includes('e')) escapes = true;
    if (flag.includes('E')) escapes = false;
  }
  let text = args.join(' ');
  if (escapes) {
    const r = unescapeText(text);
    text = r.text;
    if (r.stop) newline = false;
  }
  proc.out(newline ? `${text}\n` : text);
  return 0;
};

export const printf: Program = async (proc, args) => {
  const [format, ...values] = args;
  if (format === undefined) {
    proc.err('printf: usage: printf FORMAT [ARGUMENT...]\n');
    return 1;
  }
  // Escapes apply to the format's own text only: an argument printed by %s comes out as given.
  const parts = format.split(/(%[%sdicxo])/);
  let out = '';
  do {
    out += parts.map((part, i) => (i % 2 === 0 ? unescapeText(part).text : convert(part[1]!, values))).join('');
  } while (values.length && /%[sdicxo]/.test(format));
  proc.out(out);
  return 0;
};

/** One printf conversion (`%s`, `%d`, ...), taking its argument from `values`. */
function convert(conv: string, values: string[]): string {
  if (conv === '%') return '%';
  const value = values.shift() ?? '';
  if (conv === 's' || conv === 'c') return conv === 'c' ? value.slice(0, 1) : value;
  const n = parseInt(value || '0', 10) || 0;
  return conv === 'x' ? n.toString(16) : conv === 'o' ? n.toString(8) : String(n);
}

/** Reads each named file (or stdin for none / '-') and hands its bytes over chunk by chunk. */
async function eachInput(proc: Proc, name: string, files: string[], onChunk: (chunk: Buffer) => boolean | undefined): Promise<number> {
  let status = 0;
  for (const file of files.length ? files : ['-']) {
    if (file === '-') {
      for (let chunk = await proc.stdin.read(); chunk; chunk = await proc.stdin.read()) {
        await proc.group.checkpoint();
        if (onChunk(chunk) === false) break;
      }
      continue;
    }
    const node = proc.fs.stat(resolveFrom(proc.cwd, file));
    if (node?.type !== 'file') {
      proc.err(`${name}: can't open '${file}': ${node ? 'Is a directory' : 'No such file or directory'}\n`);
      status = 1;
      continue;
    }
    onChunk(node.data);
  }
  return status;
}

export const cat: Program = async (proc, args) =>
  eachInput(
    proc,
    'cat',
    args.filter((a) => a !== '-u'),
    (chunk) => void proc.out(chunk),
  );

export const head: Program = async (proc, args) => {
  const { flags, rest } = parseFlags(args, ['n', 'c', '#']);
  const bytes = flags.has('c') ? parseInt(flags.get('c')!, 10) : undefined;
  let lines = parseInt(flags.get('n') ?? flags.get('#') ?? '10', 10);
  let left = bytes ?? Infinity;
  return eachInput(proc, 'head', rest, (chunk) => {
    let end = chunk.length;
    if (bytes !== undefined) end = Math.min(end, left);
    else {
      end = 0;
      while (end < chunk.length && lines > 0) if (chunk[end++] === 0x0a) lines--;
      if (lines > 0) end = chunk.length;
    }
    left -= end;
    proc.out(chunk.subarray(0, end));
    const done = bytes !== undefined ? left <= 0 : lines <= 0;
    if (done && rest.length === 0) proc.stdin.unread(chunk.subarray(end));
    return !done;
  });
};

export const wc: Program = async (proc, args) => {
  const { flags, rest } = parseFlags(args);
  const wanted = ['l', 'w', 'c'].filter((f) => flags.has(f));
  const columns = wanted.length ? wanted : ['l', 'w', 'c'];
  const chunks: Buffer[] = [];
  const status = await eachInput(proc, 'wc', rest, (chunk) => void chunks.push(chunk));
  const data = Buffer.concat(chunks);
  const text = data.toString('utf8');
  const counts: Record<string, number> = {
    l: data.filter((b) => b === 0x0a).length,
    w: text.split(/\s+/).filter(Boolean).length,
    c: data.length,
  };
  const values = columns.map((c) => counts[c]!);
  const line = values.length === 1 && !rest.length ? String(values[0]) : values.map((v) => String(v).padStart(values.length === 1 ? 0 : 7)).join(' ');
  proc.out(`${line}${rest.length ? ` ${rest.join(' ')}` : ''}\n`);
  return status;
};
