import { describe, expect, test } from 'vitest';
import { commandLines, processIds, runsCommand } from '../../suites/cloud/support/processes.ts';

const SLEEP = ['sleep', '86400'];

/** What `cat /proc/<pid>/cmdline; echo` prints for each of these command lines. */
const printed = (...argvs: string[][]): string => argvs.map((argv) => `${argv.map((a) => `${a}\0`).join('')}\n`).join('');

describe('the processes a container runs (support/processes.ts)', () => {
  test('the process ids of a /proc glob, on one line or in a terminal', () => {
    expect(processIds('/proc/1 /proc/7 /proc/13\n')).toEqual(['1', '7', '13']);
    expect(processIds('/ # echo /proc/[0-9]*\r\n/proc/1 /proc/22\r\n/ # ')).toEqual(['1', '22']);
  });

  test('the program run as PID 1 or under an init (docker-init) is found alike', () => {
    expect(commandLines(printed(SLEEP, ['sh'])).some((argv) => runsCommand(argv, SLEEP))).toBe(true);
    const underInit = commandLines(printed(['/sbin/docker-init', '--', 'sleep', '86400'], SLEEP, ['sh']));
    expect(underInit.some((argv) => runsCommand(argv, SLEEP))).toBe(true);
    // The init's own command line names the program only as an argument.
    expect(runsCommand(underInit[0]!, SLEEP)).toBe(false);
  });

  test("the image's entrypoint run before the service's command is not the service's command line", () => {
    expect(commandLines(printed(['git', '86400'], ['git', 'sleep', '86400'])).some((argv) => runsCommand(argv, SLEEP))).toBe(false);
    expect(runsCommand(['sleep', '1'], SLEEP)).toBe(false);
  });

  test('a program named by its path is the same program', () => {
    expect(runsCommand(['/bin/sleep', '86400'], SLEEP)).toBe(true);
  });

  test('a line without NUL (echoed input, a prompt, an error) is no command line; a terminal line end is dropped', () => {
    const text = `cat /proc/1/cmdline; echo\r\nsleep\u000086400\u0000\r\ncat: can't open '/proc/9/cmdline': No such file or directory\r\n/ # `;
    expect(commandLines(text)).toEqual([SLEEP]);
  });
});
