/** Programs that change or list files: ls, mkdir, touch, chmod, rm, ln, pwd. */
import type { Proc, Program } from '../proc.ts';
import { parseFlags } from '../proc.ts';
import type { FsNode } from '../../fs/filesystem.ts';
import { FsError } from '../../fs/errors.ts';
import { basename, resolveFrom } from '../../fs/paths.ts';

const HUMAN: Record<string, string> = {
  ENOENT: 'No such file or directory',
  ENOTDIR: 'Not a directory',
  EISDIR: 'Is a directory',
  EEXIST: 'File exists',
  ELOOP: 'Symbolic link loop',
  EPERM: 'Operation not permitted',
  EINVAL: 'Invalid argument',
  EROFS: 'Read-only file system',
};

/** Runs an operation per operand, reporting filesystem errors like busybox; returns the status. */
function perOperand(proc: Proc, name: string, operands: string[], op: (path: string, operand: string) => void): number {
  if (!operands.length) {
    proc.err(`${name}: missing operand\n`);
    return 1;
  }
  let status = 0;
  for (const operand of operands) {
    try {
      op(resolveFrom(proc.cwd, operand), operand);
    } catch (err) {
      if (!(err instanceof FsError)) throw err;
      proc.err(`${name}: ${operand}: ${HUMAN[err.code]}\n`);
      status = 1;
    }
  }
  return status;
}

function permissions(node: FsNode): string {
  const kind = node.type === 'dir' ? 'd' : node.type === 'symlink' ? 'l' : '-';
  const bits = 'rwxrwxrwx'.split('').map((ch, i) => (node.mode & (0o400 >> i) ? ch : '-'));
  return kind + bits.join('');
}

function longLine(name: string, node: FsNode): string {
  const size = node.type === 'file' ? node.data.length : node.type === 'dir' ? 4096 : node.target.length;
  const when = node.mtime.toUTCString().slice(8, 11) + ' ' + node.mtime.toUTCString().slice(5, 7) + ' ' + node.mtime.toISOString().slice(11, 16);
  const suffix = node.type === 'symlink' ? ` -> ${node.target}` : '';
  return `${permissions(node)}    1 root     root     ${String(size).padStart(9)} ${when} ${name}${suffix}`;
}

export const ls: Program = async (proc, args) => {
  const { flags, rest } = parseFlags(args);
  const lines: string[] = [];
  const show = (name: string, node: FsNode) => lines.push(flags.has('l') ? longLine(name, node) : name);
  const status = perOperand(proc, 'ls', rest.length ? rest : ['.'], (path, operand) => {
    const node = proc.fs.stat(path, { follow: !flags.has('l') || operand.endsWith('/') });
    if (!node) throw new FsError('ENOENT', path);
    if (node.type !== 'dir' || flags.has('d')) return void show(operand, node);
    if (rest.length > 1) lines.push(`${operand}:`);
    for (const name of proc.fs.list(path)) {
      if (name.startsWith('.') && !flags.has('a')) continue;
      show(name, proc.fs.stat(`${path}/${name}`, { follow: false })!);
    }
  });
  if (lines.length) proc.out(lines.join('\n') + '\n');
  return status;
};

export const mkdir: Program = async (proc, args) => {
  const { flags, rest } = parseFlags(args, ['m']);
  return perOperand(proc, 'mkdir', rest, (path) => {
    const exists = proc.fs.stat(path);
    if (exists && !flags.has('p')) throw new FsError('EEXIST', path);
    if (!flags.has('p') && !proc.fs.stat(resolveFrom(path, '..'))) throw new FsError('ENOENT', path);
    proc.fs.mkdirp(path);
  });
};

export const touch: Program = async (proc, args) => {
  const { rest } = parseFlags(args);
  return perOperand(proc, 'touch', rest, (path) => {
    const node = proc.fs.stat(path);
    if (node?.type === 'dir') return proc.fs.putNode(proc.fs.resolve(path).path, { ...node, mtime: new Date() });
    if (!proc.fs.stat(resolveFrom(path, '..'))) throw new FsError('ENOENT', path);
    proc.fs.writeFile(path, node?.type === 'file' ? node.data : Buffer.alloc(0), node?.mode);
  });
};

/** `chmod MODE FILE...` with an octal MODE (the symbolic forms are not modelled): the attributes change, the content and mtime stay. */
export const chmod: Program = async (proc, args) => {
  const [mode, ...operands] = args;
  if (mode === undefined || !/^[0-7]{1,4}$/.test(mode)) {
    proc.err(`chmod: invalid mode '${mode ?? ''}'\n`);
    return 1;
  }
  return perOperand(proc, 'chmod', operands, (path) => {
    const node = proc.fs.stat(path);
    if (!node) throw new FsError('ENOENT', path);
    proc.fs.putNode(proc.fs.resolve(path).path, { ...node, mode: Number.parseInt(mode, 8) });
  });
};

export const rm: Program = async (proc, args) => {
  const { flags, rest } = parseFlags(args);
  const force = flags.has('f');
  if (!rest.length && force) return 0;
  return perOperand(proc, 'rm', rest, (path) => {
    const node = proc.fs.stat(path, { follow: false });
    if (!node) {
      if (!force) throw new FsError('ENOENT', path);
      return;
    }
    if (node.type === 'dir' && !flags.has('r') && !flags.has('R')) throw new FsError('EISDIR', path);
    proc.fs.remove(path);
  });
};

export const ln: Program = async (proc, args) => {
  const { flags, rest } = parseFlags(args);
  const [target, link] = rest;
  if (!flags.has('s') || target === undefined) {
    proc.err('ln: only `ln -s TARGET [LINK]` is supported here\n');
    return 1;
  }
  return perOperand(proc, 'ln', [link ?? basename(target)], (path) => {
    if (proc.fs.stat(path, { follow: false }) && !flags.has('f')) throw new FsError('EEXIST', path);
    proc.fs.symlink(path, target);
  });
};

export const pwd: Program = async (proc) => {
  proc.out(`${proc.cwd}\n`);
  return 0;
};
