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

function fileWriter(proc: Proc, path: string, append: boolean): (data: Buffer | string) => void {
  if (path === NULL_DEVICE) return () => {};
  const parent = proc.fs.stat(dirname(path));
  const existing = proc.fs.stat(path);
  if (parent?.type !== 'dir') throw new RedirectError(`sh: can't create ${path}: nonexistent directory`);
  if (existing?.type === 'dir') throw new RedirectError(`sh: can't create ${path}: Is a directory`);
  if (!append || existing?.type !== 'file') proc.fs.writeFile(path, Buffer.alloc(0));
  return (data) => proc.fs.writeFile(path, Buffer.concat([proc.fs.readFile(path) ?? Buffer.alloc(0), toBuffer(data)]));
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
      if (r.op === '<') stdin = fileReader(proc, resolveFrom(proc.cwd, r.path));
      else if (r.op === '>&') fds[r.fd] = fds[Number(r.path)] ?? fds[1]!;
      else fds[r.fd] = fileWriter(proc, resolveFrom(proc.cwd, r.path), r.op === '>>');
    } catch (err) {
      if (err instanceof FsError) throw new RedirectError(`sh: can't create ${r.path}: ${err.message}`);
      throw err;
    }
  }
  return { out: fds[1]!, err: fds[2]!, stdin };
}
