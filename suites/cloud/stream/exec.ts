/**
 * Spec: Containers > GET .../container/(uuid)/exec/ (Stream: a command in a running container
 * with a bidirectional stream). Query parameters and message format are "not shown": the facts'
 * `?command=`, `{type, output, streamType}` and the final `EOF` are graded informational. A Stopped
 * container has nothing to run a command in: exec there may be refused in any way, but runs nothing.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import type { Json } from '../support/lists.ts';
import { runningAppContainer } from '../support/app.ts';
import { execOutputIfOpened, execute } from '../support/streams.ts';

const R = {
  bidirectional: 'cloud/container/exec/bidirectional',
  shape: 'cloud/container/exec/message-shape',
  command: 'cloud/container/exec/command-param',
};

/** A command no shell has: the shell reports it on its standard error, naming it. */
const UNKNOWN_COMMAND = 'conformance-no-such-command';

/** The message whose output names `text` says it came from `stream` (the facts' streamType). */
function expectStreamType(ctx: CloudContext, messages: Json[], text: string, stream: 'stdout' | 'stderr', what: string): void {
  const message = messages.find((m) => typeof m.output === 'string' && m.output.includes(text));
  ctx.expect(message?.streamType === stream, `${what} came with streamType ${String(message?.streamType)}`, {
    expected: `a message with streamType ${stream}`,
    actual: message ?? messages.slice(0, 5),
    requirement: R.shape,
  });
}

export default [
  cloudCheck({
    id: R.bidirectional,
    title:
      'Exec runs a command in a running container: text the client sends reaches its standard input, and what the command computes ' +
      '(an arithmetic expansion) comes back',
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const container = await runningAppContainer(ctx);
      // What the shell must compute (POSIX arithmetic expansion), which the text sent does not hold: a session echoing its input shows.
      const [a, b] = [1000 + Math.floor(Math.random() * 9000), 100 + Math.floor(Math.random() * 900)];
      const marker = `conformance-exec-${a * b}`;
      const result = await execute(ctx, container, 'sh', [`echo conformance-exec-$((${a}*${b}))\n`, 'exit\n'], R.bidirectional);
      ctx.expect(
        result.output.includes(marker),
        'the output of a command typed into the exec session did not come back (what it computes, not the text typed)',
        {
          expected: `${marker} (what echo conformance-exec-$((${a}*${b})) prints)`,
          actual: result.output.slice(0, 300),
          requirement: R.bidirectional,
        },
      );
    },
  }),
  cloudCheck({
    id: `${R.bidirectional}/one-shot-output`,
    title: 'A command that runs once and ends (?command=echo A; echo B) sends all its output before the session ends, the last part too',
    requirements: [R.bidirectional],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const container = await runningAppContainer(ctx);
      const [first, last] = ['first', 'last'].map((part) => `conformance-${part}-${Math.random().toString(36).slice(2, 8)}`);
      const output = await execOutputIfOpened(ctx, container, `echo ${first}; echo ${last}`);
      // How the command is named (?command=) is the facts': a target that ran none of it is that informational check's observation.
      if (!output?.includes(first!))
        ctx.unverified(`the command named by ?command= sent no output (${JSON.stringify(output?.slice(0, 100))}): it may not have run`);
      // Run by a shell or not, the command's output holds both markers: the first without the last is output lost at the end.
      ctx.expect(output!.includes(last!), 'the exec session ended without the last output of its command', {
        expected: `output with ${first} and then ${last}`,
        actual: output!.slice(0, 300),
        requirement: R.bidirectional,
      });
    },
  }),
  cloudCheck({
    id: `${R.bidirectional}/not-in-stopped`,
    title: 'Exec runs commands only in a running container: in a Stopped one the command does not run',
    requirements: [R.bidirectional],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const container = await runningAppContainer(ctx);
      const stop = await ctx.api.post(`${container.resource_uri}stop/`);
      if (stop.status >= 300) ctx.unverified(`stop of the container answered ${stop.status} (its own check judges stop): no Stopped container to exec in`);
      await ctx.waitForState('container', container.resource_uri, ['Stopped']);
      const marker = `conformance-stopped-${Math.random().toString(36).slice(2, 8)}`;
      const output = await execOutputIfOpened(ctx, container, `echo ${marker}`);
      ctx.expect(!output?.includes(marker), 'exec ran a command in a Stopped container', {
        expected: 'the session refused, or no output of the command',
        actual: output?.slice(0, 200),
        requirement: R.bidirectional,
      });
    },
  }),
  cloudCheck({
    id: R.shape,
    title:
      'Exec messages are {type, output, streamType stdout|stderr}, error output (of an unknown command) labelled stderr; the session ends with output "EOF"',
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const container = await runningAppContainer(ctx);
      const result = await execute(ctx, container, 'sh', ['echo conformance-shape\n', `${UNKNOWN_COMMAND}\n`, 'exit\n'], R.shape);
      result.messages.forEach((m, i) => ctx.expectView('exec-message', m, `exec message #${i}`, R.shape));
      expectStreamType(ctx, result.messages, 'conformance-shape', 'stdout', 'the output of echo');
      expectStreamType(ctx, result.messages, UNKNOWN_COMMAND, 'stderr', "the shell's error about an unknown command");
      ctx.expect(result.sawEof, 'the exec session ended without an output "EOF" message', {
        expected: 'EOF',
        actual: result.messages.slice(-2),
        requirement: R.shape,
      });
    },
  }),
  cloudCheck({
    id: R.command,
    title: 'The command to run is passed as ?command=<cmd>',
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const container = await runningAppContainer(ctx);
      const result = await execute(ctx, container, 'echo conformance-command', [], R.command);
      ctx.expect(result.output.includes('conformance-command'), 'the command named by ?command= did not run', {
        expected: 'conformance-command',
        actual: result.output.slice(0, 200),
        requirement: R.command,
      });
    },
  }),
];
