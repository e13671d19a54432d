/** GET /containers/(id)/top: a ps-like table for the `ps_args` asked for (default `-ef`). */
import { HttpError } from '../http/router.ts';

export interface ProcessInfo {
  pid: number;
  argv: string[];
}

type Column = { title: string; value: (p: ProcessInfo, index: number, started: Date) => string };

const COLUMNS: Record<string, Column> = {
  uid: { title: 'UID', value: () => 'root' },
  user: { title: 'USER', value: () => 'root' },
  pid: { title: 'PID', value: (p) => String(p.pid) },
  ppid: { title: 'PPID', value: (_p, i) => (i === 0 ? '0' : '1') },
  c: { title: 'C', value: () => '0' },
  stime: { title: 'STIME', value: (_p, _i, s) => s.toISOString().slice(11, 16) },
  tty: { title: 'TTY', value: () => '?' },
  time: { title: 'TIME', value: () => '00:00:00' },
  cmd: { title: 'CMD', value: (p) => p.argv.join(' ') },
  comm: { title: 'COMMAND', value: (p) => p.argv[0]?.split('/').pop() ?? '' },
  args: { title: 'COMMAND', value: (p) => p.argv.join(' ') },
  '%cpu': { title: '%CPU', value: () => '0.0' },
  '%mem': { title: '%MEM', value: () => '0.0' },
  vsz: { title: 'VSZ', value: () => '1240' },
  rss: { title: 'RSS', value: () => '4' },
  stat: { title: 'STAT', value: () => 'Ss' },
  start: { title: 'START', value: (_p, _i, s) => s.toISOString().slice(11, 16) },
  command: { title: 'COMMAND', value: (p) => p.argv.join(' ') },
};

const PRESETS: Record<string, string[]> = {
  '-ef': ['uid', 'pid', 'ppid', 'c', 'stime', 'tty', 'time', 'cmd'],
  '-e': ['pid', 'tty', 'time', 'comm'],
  '': ['pid', 'tty', 'time', 'comm'],
  aux: ['user', 'pid', '%cpu', '%mem', 'vsz', 'rss', 'tty', 'stat', 'start', 'time', 'command'],
  '-aux': ['user', 'pid', '%cpu', '%mem', 'vsz', 'rss', 'tty', 'stat', 'start', 'time', 'command'],
};

function columnsFor(psArgs: string): Column[] {
  const trimmed = psArgs.trim();
  const custom = /(?:^|\s)-o\s*(\S+)/.exec(trimmed);
  const names = custom ? custom[1]!.split(',') : PRESETS[trimmed];
  if (!names) throw new HttpError(500, `Error running ps: unsupported ps_args ${JSON.stringify(psArgs)}`);
  return names.map((name) => {
    const column = COLUMNS[name.toLowerCase()];
    if (!column) throw new HttpError(500, `Error running ps: unknown output format ${name}`);
    return column;
  });
}

export function topView(processes: ProcessInfo[], psArgs: string, started: Date): { Titles: string[]; Processes: string[][] } {
  const columns = columnsFor(psArgs);
  return {
    Titles: columns.map((c) => c.title),
    Processes: processes.map((p, i) => columns.map((c) => c.value(p, i, started))),
  };
}
