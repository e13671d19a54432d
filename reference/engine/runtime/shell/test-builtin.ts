/** `test` / `[`: file tests, `-t fd`, string and integer comparisons, `!`, `-a`, `-o`. */
import type { ContainerFs } from '../../fs/filesystem.ts';
import { resolveFrom } from '../../fs/paths.ts';

const INTEGER_OPS: Record<string, (a: number, b: number) => boolean> = {
  '-eq': (a, b) => a === b,
  '-ne': (a, b) => a !== b,
  '-lt': (a, b) => a < b,
  '-gt': (a, b) => a > b,
  '-le': (a, b) => a <= b,
  '-ge': (a, b) => a >= b,
};

/** `terminal(fd)`: whether fd 0, 1 or 2 of the command is a terminal (`-t`). */
export function evaluateTest(args: string[], fs: ContainerFs, cwd: string, terminal: (fd: number) => boolean = () => false): boolean {
  const orParts = split(args, '-o');
  if (orParts.length > 1) return orParts.some((part) => evaluateTest(part, fs, cwd, terminal));
  const andParts = split(args, '-a');
  if (andParts.length > 1) return andParts.every((part) => evaluateTest(part, fs, cwd, terminal));
  if (args[0] === '!') return !evaluateTest(args.slice(1), fs, cwd, terminal);
  if (args.length === 0) return false;
  if (args.length === 1) return args[0] !== '';
  if (args.length === 2 && args[0] === '-t') return /^\d+$/.test(args[1]!) && terminal(Number(args[1]));
  if (args.length === 2) return unary(args[0]!, args[1]!, fs, cwd);
  const [a, op, b] = args as [string, string, string];
  if (op === '=' || op === '==') return a === b;
  if (op === '!=') return a !== b;
  const integer = INTEGER_OPS[op];
  if (integer) return integer(parseInt(a, 10), parseInt(b, 10));
  throw new Error(`test: unknown operator ${op}`);
}

function split(args: string[], op: string): string[][] {
  const parts: string[][] = [[]];
  for (const arg of args) {
    if (arg === op) parts.push([]);
    else parts[parts.length - 1]!.push(arg);
  }
  return parts;
}

function unary(op: string, operand: string, fs: ContainerFs, cwd: string): boolean {
  if (op === '-z') return operand === '';
  if (op === '-n') return operand !== '';
  const node = fs.stat(resolveFrom(cwd, operand), { follow: op !== '-L' && op !== '-h' });
  switch (op) {
    case '-e':
    case '-x':
    case '-r':
    case '-w':
      return node !== undefined;
    case '-f':
      return node?.type === 'file';
    case '-d':
      return node?.type === 'dir';
    case '-s':
      return node?.type === 'file' && node.data.length > 0;
    case '-L':
    case '-h':
      return node?.type === 'symlink';
    default:
      throw new Error(`test: unknown operator ${op}`);
  }
}
