/**
 * A tiny shell for simulated containers: `echo`, `env`, `printenv`, `hostname` (`-i`: the address of its network stack), `pwd`,
 * `whoami`, `touch` (refused under a directory mounted read-only, and on a read-only root filesystem outside the
 * writable mounts), `ping [-c N] [-w S] ADDRESS` (busybox's report; the overlay addresses of Running containers answer,
 * and those of the nodes on its node's private network), `cat /proc/self/status` (its capability lines) and
 * `cat /sys/fs/cgroup/memory.max` (the container's memory limit in bytes, `max` without one), `cat /sys/fs/cgroup/cpu.weight`
 * (its relative CPU weight), `cat /proc/net/dev`
 * (the interfaces of its network namespace), `cat /proc/<pid>/comm` and `cat /proc/<pid>/cmdline` (a process of its PID
 * namespace: its name and command line; `/proc/[0-9]*` globs to their directories) and `cat /proc/self/cgroup`
 * (its cgroup v2 path, below its cgroup_parent), `cat /proc/meminfo` (its node's memory: the host's, as a container without lxcfs
 * sees it) and `nproc` (its node's CPUs; a cpuset is not modelled), and the files of the volumes mounted (written by `touch` or a
 * command's `> FILE`, read by `cat`): the only files modelled; any other is not found (a write elsewhere is kept for
 * the session only), `true`, `false`, `exit [n]`, with `$VAR`/`${VAR}` expansion, arithmetic expansion `$((6*7))` (integers with
 * + - * / %, unspaced), `;`/`&&` lists and a trailing `>&2` (the
 * command's output goes to stderr). It runs exec sessions
 * and finite run_commands (a run_command made only of these builtins runs, logs its output and
 * exits; anything else is a long-running program).
 */
import { procStatus } from './proc-status.ts';

/** A process as /proc shows it: its id, its name (comm) and its command line. */
export interface ShellProcess {
  pid: number;
  comm: string;
  argv: readonly string[];
}

export interface ShellEnv {
  vars: Record<string, string>;
  hostname: string;
  workingDir: string;
  /** The user the container's programs run as. */
  user: string;
  /** Directories mounted read-only: nothing can be written under them. */
  readOnly: string[];
  /** The root filesystem is read-only: only under `writable` can anything be written. */
  rootReadOnly: boolean;
  /** Directories mounted writable (they stay so on a read-only root). */
  writable: string[];
  /** The container runs privileged (every capability). */
  privileged: boolean;
  /** The container's memory limit in bytes (cgroup v2 memory.max), null without one. */
  memoryLimit: number | null;
  /** The container's CPU weight (cgroup v2 cpu.weight, 1 to 10000; 100 is the default). */
  cpuWeight: number;
  /** The container's swap limit in bytes (cgroup v2 memory.swap.max: memory_swap less memory), null without one. */
  swapLimit: number | null;
  /** The interfaces of the container's network namespace (the node's under net host). */
  interfaces: readonly string[];
  /** The processes of the container's PID namespace, PID 1 among them (the node's init under pid host). */
  processes: readonly ShellProcess[];
  /** The container's cgroup (v2, the host's cgroup namespace): `/<cgroup_parent>/<id>`, `/docker/<id>` without a parent. */
  cgroup: string;
  /** What `hostname -i` prints: the address of its network stack (its private_ip; the node's private address under net host). */
  address: string;
  /** The addresses `ping` reaches: every Running container's private_ip on the overlay network, the private addresses of its node's network. */
  reachable: readonly string[];
  /** The node's CPUs, as `nproc` counts them. */
  cpus: number;
  /** The node's memory as /proc/meminfo's MemTotal shows it, in kB. */
  memTotalKb: number;
  /** The volumes mounted: each one's mount point and its files (by their path below it). */
  mounts?: ReadonlyArray<{ path: string; files: Map<string, string> }>;
}

/** The volume a path is in and the path below its mount point, or undefined outside every volume. */
function inVolume(path: string, env: ShellEnv): { files: Map<string, string>; rel: string } | undefined {
  const mount = (env.mounts ?? []).filter((m) => under(path, m.path)).sort((a, b) => b.path.length - a.path.length)[0];
  return mount ? { files: mount.files, rel: path.slice(mount.path.replace(/\/$/, '').length) || '/' } : undefined;
}

/** Whether a path can be written (not under a read-only mount; on a read-only root, only under a writable one). */
const writable = (path: string, env: ShellEnv): boolean =>
  !env.readOnly.some((dir) => under(path, dir)) && !(env.rootReadOnly && !env.writable.some((dir) => under(path, dir)));

/** /proc/net/dev: a two-line header, then a line per interface. */
const netDev = (interfaces: readonly string[]): string =>
  'Inter-|   Receive                |  Transmit\n face |bytes    packets errs drop|bytes    packets errs drop\n' +
  interfaces.map((i) => `${i.padStart(6)}:       0       0    0    0        0       0    0    0\n`).join('');

/**
 * What /proc/meminfo on a node of `memory` MB shows as MemTotal (kB): less than the memory by what the
 * kernel reserves (4 % here).
 */
export const memTotalKb = (memory: number): number => Math.round(memory * 1024 * 0.96);

/** /proc/meminfo's first lines (the kernel's layout: the label, the number right-aligned, kB): MemTotal, the most of it free. */
const meminfo = (totalKb: number): string =>
  (
    [
      ['MemTotal', totalKb],
      ['MemFree', Math.round(totalKb * 0.8)],
      ['MemAvailable', Math.round(totalKb * 0.85)],
    ] as const
  )
    .map(([label, kb]) => `${`${label}:`.padEnd(15)}${String(kb).padStart(9)} kB\n`)
    .join('');

/** Files `cat` can read: their text in the container. */
function fileText(path: string, env: ShellEnv, session: ReadonlyMap<string, string>): string | undefined {
  const volume = inVolume(path, env);
  if (volume) return volume.files.get(volume.rel);
  if (session.has(path)) return session.get(path);
  if (path === '/proc/self/status') return procStatus({ privileged: env.privileged, user: env.user, command: 'cat' });
  if (path === '/sys/fs/cgroup/memory.max') return `${env.memoryLimit ?? 'max'}\n`;
  if (path === '/sys/fs/cgroup/cpu.weight') return `${env.cpuWeight}\n`;
  if (path === '/sys/fs/cgroup/memory.swap.max') return `${env.swapLimit ?? 'max'}\n`;
  if (path === '/proc/net/dev') return netDev(env.interfaces);
  if (path === '/proc/meminfo') return meminfo(env.memTotalKb);
  const proc = /^\/proc\/(\d+)\/(comm|cmdline)$/.exec(path);
  const shown = proc ? env.processes.find((p) => String(p.pid) === proc[1]) : undefined;
  if (shown) return proc?.[2] === 'comm' ? `${shown.comm}\n` : shown.argv.map((arg) => `${arg}\0`).join('');
  if (path === '/proc/self/cgroup') return `0::${env.cgroup}\n`;
  return undefined;
}

export interface ShellOutput {
  stream: 'stdout' | 'stderr';
  text: string;
}

export interface ShellResult {
  output: ShellOutput[];
  exitCode: number;
  /** `exit` ran: the session is over. */
  exited: boolean;
}

const BUILTINS = new Set(['echo', 'env', 'printenv', 'hostname', 'pwd', 'whoami', 'touch', 'cat', 'ping', 'nproc', 'true', 'false', 'exit']);

/** busybox ping's report of `count` echo requests to `address`: every one answered when it is reachable, none otherwise. */
function pingReport(args: readonly string[], env: ShellEnv): { text: string; code: number } {
  const at = args.indexOf('-c');
  const count = Math.max(1, Number.parseInt(at >= 0 ? (args[at + 1] ?? '1') : '4', 10) || 1);
  const address = args.filter((a, i) => !a.startsWith('-') && !['-c', '-w', '-W'].includes(args[i - 1] ?? '')).at(-1) ?? '';
  const received = env.reachable.includes(address) ? count : 0;
  const replies = Array.from({ length: received }, (_, seq) => `64 bytes from ${address}: seq=${seq} ttl=64 time=0.100 ms\n`).join('');
  const loss = received ? 0 : 100;
  const text =
    `PING ${address} (${address}): 56 data bytes\n${replies}\n--- ${address} ping statistics ---\n` +
    `${count} packets transmitted, ${received} packets received, ${loss}% packet loss\n`;
  return { text, code: received ? 0 : 1 };
}

/** An arithmetic expansion's expression: non-negative integers joined by + - * / % (the multiplicative ones first); NaN otherwise. */
function arithmetic(expression: string): number {
  const text = expression.replace(/\s+/g, '');
  if (!/^\d+(?:[-+*/%]\d+)*$/.test(text)) return Number.NaN;
  return (text.match(/[+-]?[^+-]+/g) ?? []).reduce((total, term) => {
    const [first = '', ...steps] = term.replace(/^[+-]/, '').split(/(?=[*/%])/);
    const product = steps.reduce((acc, step) => {
      const n = Number(step.slice(1));
      return step.startsWith('*') ? acc * n : step.startsWith('/') ? Math.trunc(acc / n) : acc % n;
    }, Number(first));
    return total + (term.startsWith('-') ? -product : product);
  }, 0);
}

function expand(word: string, vars: Record<string, string>): string {
  return word
    .replace(/\$\(\(([^()]*)\)\)/g, (_, e: string) => String(arithmetic(e)))
    .replace(/\$\{(\w+)\}|\$(\w+)/g, (_, a: string | undefined, b: string | undefined) => vars[a ?? b ?? ''] ?? '');
}

/** The paths a glob can match: the process directories of /proc (no other directory is listed). */
const globbed = (env: ShellEnv): string[] => env.processes.map((p) => `/proc/${p.pid}`);

/** An unquoted word with `*`, `?` or `[...]` stands for the paths it matches, sorted; for itself where none does, as sh does. */
function glob(word: string, paths: readonly string[]): string[] {
  if (!/[*?[]/.test(word)) return [word];
  const pattern = word
    .replace(/[.+^${}()|\\]/g, '\\$&')
    .replace(/\[!/g, '[^')
    .replace(/\*/g, '[^/]*')
    .replace(/\?/g, '[^/]');
  let re: RegExp;
  try {
    re = new RegExp(`^${pattern}$`);
  } catch {
    return [word]; // an unclosed `[`: not a glob
  }
  const matches = paths.filter((path) => re.test(path)).sort();
  return matches.length > 0 ? matches : [word];
}

/** Splits a command into words, honouring single and double quotes; unquoted globs are expanded. */
function words(command: string, env: ShellEnv): string[] {
  const out: string[] = [];
  const re = /'([^']*)'|"((?:[^"\\]|\\.)*)"|(\S+)/g;
  for (let m = re.exec(command); m; m = re.exec(command)) {
    if (m[3] !== undefined) out.push(...glob(expand(m[3], env.vars), globbed(env)));
    else out.push(m[1] !== undefined ? m[1] : expand(m[2] ?? '', env.vars));
  }
  return out;
}

const commandsOf = (line: string): string[] =>
  line
    .split(/;|&&/)
    .map((c) => c.trim())
    .filter(Boolean);

export function isFiniteProgram(runCommand: string | null): boolean {
  if (!runCommand) return false;
  const commands = commandsOf(runCommand);
  return commands.length > 0 && commands.every((c) => BUILTINS.has(c.split(/\s+/)[0] ?? ''));
}

/**
 * Whether a run_command's program ignores SIGTERM: a `trap '' TERM` (or SIGTERM, 15) among its
 * commands. Stopping such a program takes the engine's grace period, after which it is killed.
 */
export function ignoresTerm(runCommand: string | null): boolean {
  return steps(runCommand ?? '').some(({ command }) => /^trap\s+(''|"")(\s+\S+)*\s+(SIG)?(TERM|15)(\s|$)/.test(command));
}

/** The commands of a line, each with whether it runs only after a success (`&&`) or in any case (`;`). */
function steps(line: string): Array<{ command: string; afterSuccess: boolean }> {
  const out: Array<{ command: string; afterSuccess: boolean }> = [];
  let afterSuccess = false;
  for (const part of line.split(/(;|&&)/)) {
    if (part === ';' || part === '&&') afterSuccess = part === '&&';
    else if (part.trim()) out.push({ command: part.trim(), afterSuccess });
  }
  return out;
}

function under(path: string, dir: string): boolean {
  return path === dir || path.startsWith(`${dir.replace(/\/$/, '')}/`);
}

/** Files written outside the volumes, per shell environment: they last as long as it does. */
const sessionFiles = new WeakMap<ShellEnv, Map<string, string>>();

/** Writes a file (`touch` with `append` '' keeps what is there); false when the path cannot be written. */
function writeFile(path: string, text: string, env: ShellEnv, session: Map<string, string>, append = false): boolean {
  if (!writable(path, env)) return false;
  const volume = inVolume(path, env);
  const [files, key] = volume ? [volume.files, volume.rel] : [session, path];
  files.set(key, append ? (files.get(key) ?? '') + text : text);
  return true;
}

export function runLine(line: string, env: ShellEnv): ShellResult {
  const result: ShellResult = { output: [], exitCode: 0, exited: false };
  let session = sessionFiles.get(env);
  if (!session) {
    session = new Map();
    sessionFiles.set(env, session);
  }
  for (const { command, afterSuccess } of steps(line)) {
    if (afterSuccess && result.exitCode !== 0) continue;
    const [name, ...args] = words(command, env);
    if (name === undefined) continue;
    const stream = ['>&2', '1>&2'].includes(args.at(-1) ?? '') ? 'stderr' : 'stdout';
    if (stream === 'stderr') args.pop();
    // `> FILE` (or `>> FILE`): the command's standard output goes into the file.
    const redirect = args.findIndex((a) => a === '>' || a === '>>');
    const into = redirect >= 0 ? { path: args[redirect + 1] ?? '', append: args[redirect] === '>>', text: '' } : undefined;
    if (into) args.splice(redirect, 2);
    const out = (text: string): void => {
      if (into && stream === 'stdout') into.text += text;
      else result.output.push({ stream, text });
    };
    if (into && !writable(into.path, env)) {
      result.output.push({ stream: 'stderr', text: `sh: can't create ${into.path}: Read-only file system\n` });
      result.exitCode = 1;
      continue;
    }
    switch (name) {
      case 'echo':
        out(args[0] === '-n' ? args.slice(1).join(' ') : `${args.join(' ')}\n`);
        result.exitCode = 0;
        break;
      case 'env':
        out(
          Object.entries(env.vars)
            .map(([k, v]) => `${k}=${v}\n`)
            .join(''),
        );
        result.exitCode = 0;
        break;
      case 'printenv': {
        const value = env.vars[args[0] ?? ''];
        if (value !== undefined) out(`${value}\n`);
        result.exitCode = value === undefined ? 1 : 0;
        break;
      }
      case 'hostname':
        out(`${args[0] === '-i' ? env.address : env.hostname}\n`);
        result.exitCode = 0;
        break;
      case 'pwd':
        out(`${env.workingDir}\n`);
        result.exitCode = 0;
        break;
      case 'whoami':
        out(`${env.user}\n`);
        result.exitCode = 0;
        break;
      case 'touch': {
        const refused = args.filter((path) => !writeFile(path, '', env, session, true));
        for (const path of refused) result.output.push({ stream: 'stderr', text: `touch: ${path}: Read-only file system\n` });
        result.exitCode = refused.length ? 1 : 0;
        break;
      }
      case 'cat': {
        const texts = args.map((path) => fileText(path, env, session));
        args.forEach((path, i) => {
          const text = texts[i];
          if (text !== undefined) out(text);
          else result.output.push({ stream: 'stderr', text: `cat: can't open '${path}': No such file or directory\n` });
        });
        result.exitCode = texts.every((t) => t !== undefined) ? 0 : 1;
        break;
      }
      case 'ping': {
        const report = pingReport(args, env);
        out(report.text);
        result.exitCode = report.code;
        break;
      }
      case 'nproc':
        out(`${env.cpus}\n`);
        result.exitCode = 0;
        break;
      case 'true':
      case 'false':
        result.exitCode = name === 'true' ? 0 : 1;
        break;
      case 'exit':
        result.exitCode = Number.parseInt(args[0] ?? '0', 10) || 0;
        result.exited = true;
        return result;
      default:
        result.output.push({ stream: 'stderr', text: `sh: 1: ${name}: not found\n` });
        result.exitCode = 127;
    }
    if (into) writeFile(into.path, into.text, env, session, into.append);
  }
  return result;
}
