/** Programs about the process and the system: sleep, true/false, env, hostname, id, ps/top, uname, date, seq, stty. */
import type { Proc, Program } from '../proc.ts';
import { isTerminal, parseFlags } from '../proc.ts';
import { resolveUser } from '../users.ts';

const UNITS: Record<string, number> = { '': 1, s: 1, m: 60, h: 3600, d: 86400 };

/** `sleep 1.5`, `sleep 2m`, `sleep infinity`; several arguments add up (like GNU/busybox). */
export const sleep: Program = async (proc, args) => {
  let seconds = 0;
  for (const arg of args) {
    const m = /^(\d*\.?\d+)([smhd]?)$/.exec(arg);
    if (/^inf(inity)?$/.test(arg)) seconds = Infinity;
    else if (m) seconds += Number(m[1]) * UNITS[m[2]!]!;
    else {
      proc.err(`sleep: invalid number '${arg}'\n`);
      return 1;
    }
  }
  if (!args.length) {
    proc.err('sleep: missing operand\n');
    return 1;
  }
  // setTimeout caps at ~24.8 days; a longer sleep is a sequence of capped ones.
  for (let left = seconds * 1000; left > 0; left -= 2 ** 31 - 1) {
    const result = await proc.group.sleep(Math.min(left, 2 ** 31 - 1));
    if (result === 'interrupted') return 128 + proc.group.pendingTraps[0]!;
  }
  return 0;
};

export const trueProgram: Program = async () => 0;
export const falseProgram: Program = async () => 1;

export const env: Program = async (proc) => {
  proc.out([...proc.env].map(([k, v]) => `${k}=${v}\n`).join(''));
  return 0;
};

export const hostname: Program = async (proc) => {
  proc.out(`${proc.hostname}\n`);
  return 0;
};

export const id: Program = async (proc, args) => {
  const { flags } = parseFlags(args);
  const { uid, gid } = resolveUser(proc.fs, proc.user ?? '');
  if (uid === '0') {
    if (flags.has('u') || flags.has('g')) proc.out(flags.has('n') ? 'root\n' : '0\n');
    else proc.out('uid=0(root) gid=0(root) groups=0(root),10(wheel)\n');
  } else if (flags.has('u')) proc.out(`${uid}\n`);
  else if (flags.has('g')) proc.out(`${gid}\n`);
  else proc.out(`uid=${uid} gid=${gid}\n`);
  return 0;
};

function processTable(proc: Proc): string {
  const rows = proc.group.processes().map(({ pid, argv }) => `${String(pid).padStart(5)} root      0:00 ${argv.join(' ')}`);
  return ['PID   USER     TIME  COMMAND', ...rows].join('\n') + '\n';
}

/** ps accepts (and ignores) any options, like `ps -ef` or `ps aux`. */
export const ps: Program = async (proc) => {
  proc.out(processTable(proc));
  return 0;
};

/** top prints the table every `-d` seconds (default 1) until killed, or `-n` times. */
export const top: Program = async (proc, args) => {
  const { flags } = parseFlags(args, ['n', 'd']);
  const iterations = flags.has('n') ? parseInt(flags.get('n')!, 10) : Infinity;
  const delay = Number(flags.get('d') ?? '1') * 1000;
  for (let i = 0; i < iterations; i++) {
    if (i > 0 && (await proc.group.sleep(delay)) === 'interrupted') return 128 + proc.group.pendingTraps[0]!;
    proc.out(`Mem: 0K used, 0K free\n${processTable(proc)}`);
  }
  return 0;
};

/** The release of the kernel the containers run on: one whose cgroup v1 still applies a kernel memory limit (before 5.16). */
const KERNEL_RELEASE = '5.10.0';

export const uname: Program = async (proc, args) => {
  const { flags } = parseFlags(args);
  const line = flags.has('a')
    ? `Linux ${proc.hostname} ${KERNEL_RELEASE} #1 SMP x86_64 GNU/Linux`
    : flags.has('r')
      ? KERNEL_RELEASE
      : flags.has('m')
        ? 'x86_64'
        : 'Linux';
  proc.out(`${line}\n`);
  return 0;
};

export const date: Program = async (proc) => {
  const d = new Date();
  const text = d.toUTCString().replace(/^(\w+), (\d+) (\w+) (\d+) ([\d:]+) GMT$/, '$1 $3 $2 $5 UTC $4');
  proc.out(`${text}\n`);
  return 0;
};

export const seq: Program = async (proc, args) => {
  const nums = args.map(Number);
  if (!nums.length || nums.some(Number.isNaN)) {
    proc.err('seq: invalid argument\n');
    return 1;
  }
  const [first, step, last] = nums.length === 1 ? [1, 1, nums[0]!] : nums.length === 2 ? [nums[0]!, 1, nums[1]!] : [nums[0]!, nums[1]!, nums[2]!];
  const lines: string[] = [];
  for (let n = first; step > 0 ? n <= last : n >= last; n += step) lines.push(String(n));
  if (lines.length) proc.out(lines.join('\n') + '\n');
  return 0;
};

/** `stty size`: the rows and columns of the tty on stdin (set by a resize); the only setting built in. */
export const stty: Program = async (proc, args) => {
  if (args.length !== 1 || args[0] !== 'size') {
    proc.err(`stty: invalid argument '${args.find((a) => a !== 'size') ?? ''}'\n`);
    return 1;
  }
  if (!isTerminal(proc, 0)) {
    proc.err('stty: standard input: Inappropriate ioctl for device\n');
    return 1;
  }
  proc.out(`${proc.group.windowSize.rows} ${proc.group.windowSize.cols}\n`);
  return 0;
};
