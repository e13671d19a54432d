/** Linux signal numbers by name, as `kill -l` and the engine's kill?signal= use them. */
const SIGNALS: Record<string, number> = {
  HUP: 1,
  INT: 2,
  QUIT: 3,
  ILL: 4,
  TRAP: 5,
  ABRT: 6,
  BUS: 7,
  FPE: 8,
  KILL: 9,
  USR1: 10,
  SEGV: 11,
  USR2: 12,
  PIPE: 13,
  ALRM: 14,
  TERM: 15,
  STKFLT: 16,
  CHLD: 17,
  CONT: 18,
  STOP: 19,
  TSTP: 20,
  TTIN: 21,
  TTOU: 22,
  URG: 23,
  XCPU: 24,
  XFSZ: 25,
  VTALRM: 26,
  PROF: 27,
  WINCH: 28,
  IO: 29,
  PWR: 30,
  SYS: 31,
};

/** Signals whose default action is to do nothing. */
const IGNORED_BY_DEFAULT = new Set([SIGNALS.CHLD!, SIGNALS.CONT!, SIGNALS.URG!, SIGNALS.WINCH!]);

/** 'SIGTERM', 'TERM', 'term', 15, '15' → 15; undefined when unknown. */
export function signalNumber(signal: string | number): number | undefined {
  if (typeof signal === 'number') return Number.isInteger(signal) && signal > 0 && signal < 65 ? signal : undefined;
  const text = signal.trim().toUpperCase();
  if (/^\d+$/.test(text)) return signalNumber(Number(text));
  return SIGNALS[text.replace(/^SIG/, '')];
}

export function signalName(n: number): string | undefined {
  const entry = Object.entries(SIGNALS).find(([, v]) => v === n);
  return entry && `SIG${entry[0]}`;
}

export function ignoredByDefault(n: number): boolean {
  return IGNORED_BY_DEFAULT.has(n);
}

export const SIGKILL = 9;
