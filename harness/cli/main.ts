import { UsageError } from '../target/endpoint.ts';
import { toolInfo } from '../run/tool-info.ts';
import { parseRunArgs } from './run-args.ts';
import { COMMAND_HELP, helpFor, USAGE } from './usage.ts';

type Command = (argv: string[]) => Promise<number>;

const COMMANDS: Record<string, Command> = {
  run: runCommand,
  serve: serveCommand,
  frames: async (argv) => {
    const { framesCommand } = await import('./frames.ts');
    return framesCommand(argv, { stdin: process.stdin, stdout: process.stdout, stderr: process.stderr });
  },
  expectations: async (argv) => {
    const { expectationsCommand } = await import('./expectations-command.ts');
    return expectationsCommand(argv, process.stdout);
  },
  certify: async (argv) => {
    const { certifyCommand } = await import('./certify-command.ts');
    return certifyCommand(argv, process.stdout);
  },
  diff: async (argv) => {
    const { diffCommand } = await import('./diff-command.ts');
    return diffCommand(argv, process.stdout);
  },
  report: async (argv) => {
    const { reportCommand } = await import('./report-command.ts');
    return reportCommand(argv, process.stdout);
  },
  mutate: async (argv) => {
    const { mutateCommand } = await import('./mutate-command.ts');
    return mutateCommand(argv, process.stdout);
  },
  catalog: async (argv) => {
    const { catalogCommand } = await import('./catalog-command.ts');
    return catalogCommand(argv, process.stdout);
  },
};

/**
 * The `conformance` command. Returns the exit code. Bad usage and bad input files are one line on
 * stderr and exit 2; an internal error is one line and exit 3, with its stack trace only under
 * `--debug` (accepted anywhere on the command line).
 */
export async function main(argv: string[]): Promise<number> {
  const debug = argv.includes('--debug');
  const args = attachNegativeNumbers(argv.filter((a) => a !== '--debug'));
  const [name, ...rest] = args;
  try {
    if (name === undefined || name === 'help') {
      process.stdout.write(USAGE);
      return name === undefined ? 2 : 0;
    }
    if (name === '--version') {
      process.stdout.write(`${toolInfo().version}\n`);
      return 0;
    }
    const help = helpFor(args);
    if (help !== undefined) {
      process.stdout.write(help);
      return 0;
    }
    const command = COMMANDS[name];
    if (!command) throw new UsageError(`unknown command '${name}' (commands: ${Object.keys(COMMANDS).join(', ')}; see conformance --help)`);
    return await command(rest);
  } catch (err) {
    if (err instanceof UsageError) {
      process.stderr.write(`conformance: ${err.message}\n`);
      return 2;
    }
    const detail = debug ? ((err as Error)?.stack ?? String(err)) : `${firstLine(err)} (run again with --debug for the stack trace)`;
    process.stderr.write(`conformance: internal error: ${detail}\n`);
    return 3;
  }
}

/**
 * `--time-scale -1`: node's parser calls a value that starts with a dash "ambiguous" instead of
 * letting the option say what is wrong with it. A negative number after a long option is its value.
 */
function attachNegativeNumbers(argv: string[]): string[] {
  const out: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const [arg, next] = [argv[i]!, argv[i + 1]];
    if (/^--[^=]+$/.test(arg) && next !== undefined && /^-\d/.test(next)) {
      out.push(`${arg}=${next}`);
      i++;
    } else out.push(arg);
  }
  return out;
}

const firstLine = (err: unknown) => (err instanceof Error ? `${err.name}: ${err.message}` : String(err)).split('\n')[0]!;

async function runCommand(argv: string[]): Promise<number> {
  const options = parseRunArgs(argv, ['conformance', 'run', ...argv]);
  if (options === 'help') {
    process.stdout.write(COMMAND_HELP.run!);
    return 0;
  }
  if (options.grep !== undefined) await (await import('./grep-check.ts')).checkGrepMatches(options.grep, options.suites);
  // Loaded only now: vitest is heavy, and usage errors should answer at once.
  const { runConformance } = await import('../run/run-conformance.ts');
  const { consoleSummary } = await import('../report/console.ts');
  const result = await runConformance(options);
  process.stdout.write(consoleSummary(result.report, result.reportPath));
  return result.exitCode;
}

async function serveCommand(argv: string[]): Promise<number> {
  const [api, ...rest] = argv;
  if (api === 'engine') {
    const { serveEngineCommand } = await import('../../reference/engine/serve-command.ts');
    return serveEngineCommand(rest);
  }
  if (api === 'cloud') {
    const { serveCloudCommand } = await import('../../reference/cloud/serve-command.ts');
    return serveCloudCommand(rest);
  }
  throw new UsageError(`serve takes 'engine' or 'cloud', got '${api ?? ''}'`);
}
