/** `--help` works on every command and subcommand, and every reference the main help makes works. */
import { describe, expect, test } from 'vitest';
import { COMMAND_HELP, USAGE } from '../../harness/cli/usage.ts';
import { runCommand } from '../support/run-cli.ts';

const conformance = (args: string[]) => runCommand(args, { timeoutMs: 30_000 });

/** Every "see: conformance ... --help" the main help points to. */
const REFERENCES = [...new Set([...USAGE.matchAll(/see: (conformance [^)\n]*--help)/g)].map((m) => m[1]!))];

// Side by side: each command is a process of its own, most of whose time is spent starting up.
describe.concurrent('help', () => {
  test('the main help points to the help of every command', () => {
    expect(REFERENCES).toEqual(
      expect.arrayContaining([
        'conformance run --help',
        'conformance serve engine --help',
        'conformance serve cloud --help',
        'conformance frames --help',
        'conformance catalog --help',
        'conformance certify --help',
        'conformance diff --help',
        'conformance report merge --help',
        'conformance expectations update --help',
      ]),
    );
  });

  test.for(REFERENCES)('%s: exit 0 and the help of that command', async (reference, { expect }) => {
    const words = reference.split(' ').slice(1);
    const { status, stdout, stderr } = await conformance(words);
    expect({ status, stderr }).toEqual({ status: 0, stderr: '' });
    const command = words.filter((w) => !w.startsWith('-')).join(' ');
    expect(stdout).toBe(COMMAND_HELP[command]);
    expect(stdout).toMatch(new RegExp(`^usage: conformance ${command}`));
  });

  test.for([
    [['serve', '--help']],
    [['serve', 'engine', '-h']],
    [['report', '--help']],
    [['expectations', '--help']],
    [['run', '--target', 'unix:///x.sock', '--help']],
    [['diff', 'a.json', 'b.json', '--help']],
    [['--help']],
    [['help']],
  ])('%j: exit 0, help on stdout', async ([args], { expect }) => {
    const { status, stdout } = await conformance(args!);
    expect(status).toBe(0);
    expect(stdout).toMatch(/usage/i);
  });

  test('every help that names another help names one that exists', () => {
    for (const text of [USAGE, ...Object.values(COMMAND_HELP)]) {
      for (const m of text.matchAll(/conformance ([a-z ]+?) --help/g)) {
        const words = m[1]!.split(' ');
        expect(COMMAND_HELP[words.join(' ')] ?? COMMAND_HELP[words[0]!], m[0]).toBeDefined();
      }
    }
  });
});
