/** A command's three streams inside the shell, and redirection of them to files. */
import type { Proc } from '../proc.ts';
import { toBuffer } from '../proc.ts';
import { StdinReader } from '../stdin.ts';
import { FsError } from '../../fs/errors.ts';
import { dirname, resolveFrom } from '../../fs/paths.ts';
import type { Redirect } from './parser.ts';

export interface ShellIO {
  out(data: Buffer | string): void;
  err(data: Buffer | string): void;
  stdin: StdinReader;
}

export class RedirectError extends Error {}

const NULL_DEVICE = '/dev/null';

/**
 * A file opened for writing: `>` truncates it, `>>` appends to it, `<>` (read and write) keeps its
 * content and writes over it from its start; each creates a missing file.
 */
function fileWriter(proc: Proc, path: string, mode: 'truncate' | 'append' | 'overwrite'): (data: Buffer | string) => void {
  if (path === NULL_DEVICE) return () => {};
  const parent = proc.fs.stat(dirname(path));
  const existing = proc.fs.stat(path);
  if (parent?.type !== 'dir') throw new RedirectError(`sh: can't create ${path}: nonexistent directory`);
  if (existing?.type === 'dir') throw new RedirectError(`sh: can't create ${path}: Is a directory`);
  if (mode === 'truncate' || existing?.type !== 'file') proc.fs.writeFile(path, Buffer.alloc(0));
  const current = (): Buffer => proc.fs.readFile(path) ?? Buffer.alloc(0);
  if (mode === 'append') return (data) => proc.fs.writeFile(path, Buffer.concat([current(), toBuffer(data)]));
  let offset = 0;
  return (data) => {
    const bytes = toBuffer(data);
    const old = current();
    const next = Buffer.alloc(Math.max(old.length, offset + bytes.length));
    old.copy(next);
    bytes.copy(next, offset);
    offset += bytes.length;
    proc.fs.writeFile(path, next);
  };
}

function fileReader(proc: Proc, path: string): StdinReader {
  if (path === NULL_DEVICE) return StdinReader.empty();
  const node = proc.fs.stat(path);
  if (node?.type !== 'file') throw new RedirectError(`sh: can't open ${path}: no such file`);
  return new StdinReader(
    (async function* () {
      yield node.data;
    })(),
  );
}

/** Applies redirections in order (so `>f 2>&1` sends both to f). Targets are already expanded. */
export function redirect(proc: Proc, io: ShellIO, redirects: Array<Redirect & { path: string }>): ShellIO {
  const fds: Array<(data: Buffer | string) => void> = [io.out, io.out, io.err];
  let stdin = io.stdin;
  for (const r of redirects) {
    try {
      const path = resolveFrom(proc.cwd, r.path);
      if (r.op === '<') stdin = fileReader(proc, path);
      else if (r.op === '>&') fds[r.fd] = fds[Number(r.path)] ?? fds[1]!;
      else if (r.op === '<>' && r.fd === 0) {
        fileWriter(proc, path, 'overwrite');
        stdin = fileReader(proc, path);
      } else fds[r.fd] = fileWriter(proc, path, r.op === '>>' ? 'append' : r.op === '<>' ? 'overwrite' : 'truncate');
    } catch (err) {
      if (err instanceof FsError) throw new RedirectError(`sh: can't create ${r.path}: ${err.message}`);
      throw err;
    }
  }
  return { out: fds[1]!, err: fds[2]!, stdin };
}
