/**
 * Container exec `/api/app/v1/[ns/]container/<uuid>/exec/?command=<cmd>` (default `sh`), on a
 * Running container. Output messages: {type: "output", output, streamType}. A shell command
 * (sh, bash, ash, /bin/sh ...) reads the client's raw keystrokes (text frames; no echo) and runs
 * each line in the tiny shell until `exit`; any other command runs once. The session ends with
 * an `output: "EOF"` message, then the socket closes.
 */
import { conflict, notFound } from '../http/errors.ts';
import { shellEnvFor } from '../state/container.ts';
import { runLine } from '../state/shell.ts';
import { findIn } from '../state/store.ts';
import type { WebSocket } from 'ws';
import { sendJson, type StreamHandler } from './types.ts';

const SHELLS = /^(\/bin\/|\/usr\/bin\/)?(sh|bash|ash|dash|zsh)$/;

export const execStream: StreamHandler = (ctx) => {
  const { world } = ctx;
  const c = findIn(world.store.containers, ctx.scope.namespace, ctx.params.uuid ?? '');
  if (!c && world.faults.has('blind13-exec-missing-container-upgraded')) return missingContainerSession;
  if (!c) throw notFound('container');
  if (c.state !== 'Running' && !(c.state === 'Stopped' && world.faults.has('blind2-exec-stopped-container-runs')))
    throw conflict(`container in state '${c.state}' is not running`);
  const command = ctx.query.get('command') || 'sh';
  const shellEnv = shellEnvFor(world, c);
  // Under `blind13-exec-user-root` an exec names the user root instead of leaving the container's user.
  const env = world.faults.has('blind13-exec-user-root') ? { ...shellEnv, user: 'root' } : shellEnv;
  return (ws) => {
    const run = (line: string, lastHeld = false): boolean => {
      const result = runLine(line, env);
      // Under `blind4-exec-stderr-as-stdout` every output message is labelled stdout.
      const label = (stream: string): string => (world.faults.has('blind4-exec-stderr-as-stdout') ? 'stdout' : stream);
      const output = lastHeld ? result.output.slice(0, -1) : result.output;
      for (const out of output) sendJson(ws, { type: 'output', output: out.text, streamType: label(out.stream) });
      return result.exited;
    };
    const end = (): void => {
      if (!world.faults.has('exec-no-eof')) sendJson(ws, { type: 'output', output: 'EOF', streamType: 'stdout' });
      ws.close(1000);
    };
    if (!SHELLS.test(command)) {
      // Under `blind6-exec-one-shot-last-output-lost` the message held back for the next one is dropped at the end.
      run(command, world.faults.has('blind6-exec-one-shot-last-output-lost'));
      end();
      return;
    }
    let pending = '';
    ws.on('message', (data) => {
      if (world.faults.has('exec-stdin-ignored')) return;
      pending += data.toString();
      const lines = pending.split(/\r\n|\r|\n/);
      pending = lines.pop() ?? '';
      for (const line of lines) {
        // Under `exec-echoes-input` the line typed comes back as it was typed; only exit is run.
        if (world.faults.has('exec-echoes-input') && line.trim() !== 'exit') sendJson(ws, { type: 'output', output: `${line}\n`, streamType: 'stdout' });
        else if (run(line)) {
          end();
          return;
        }
      }
    });
  };
};

/** Under `blind13-exec-missing-container-upgraded` the lookup runs after the upgrade: the error comes as output, then the end. */
function missingContainerSession(ws: WebSocket): void {
  sendJson(ws, { type: 'output', output: 'Error: No such container\r\n', streamType: 'stderr' });
  sendJson(ws, { type: 'output', output: 'EOF', streamType: 'stdout' });
  ws.close(1000);
}
