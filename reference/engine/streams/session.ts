/**
 * One attach (or exec start) session: replay of past output, then live output until the run
 * ends, with the client's bytes delivered to stdin.
 */
import type { FaultSet } from '../faults.ts';
import type { OutputEntry, OutputLog, StreamName } from '../state/output.ts';
import type { StdinChannel } from '../state/stdin.ts';
import type { StreamEndpoint } from './endpoint.ts';
import { streamEncoder } from './frames.ts';
import { detachScanner } from './detach-keys.ts';
import type { ExchangeMutation } from '../http/mutation-exchange.ts';
import { mutatedEndpoint } from '../http/stream-mutation.ts';

export interface SessionOptions {
  output: OutputLog;
  /** Past output to send first (attach `logs=1`). */
  replay: readonly OutputEntry[];
  streams: { stdout: boolean; stderr: boolean };
  /** Replay both streams' past output whatever `streams` asks for (`attach-logs-streams-unfiltered`). */
  replayUnfiltered?: boolean;
  /** Live output until the run ends; false: end after the replay. */
  live: boolean;
  /** The current stdin of the program, when the client's input should reach it. */
  stdin: (() => StdinChannel | undefined) | undefined;
  /** Close the program's stdin when this client stops sending (StdinOnce). */
  closeStdinOnEnd: boolean;
  framed: boolean;
  faults: FaultSet;
  /** Encode stderr output as stdout (`blind-exec-stderr-typed-stdout`). */
  stderrAsStdout?: boolean;
  /** Hold each live output back until the next one and drop the one pending at the run's end (a last frame lost). */
  dropLastLive?: boolean;
  /** The size a frame header gives for an entry instead of its payload's (`blind28-logs-timestamps-frame-size-unstamped`). */
  frameSizeOf?: (entry: OutputEntry) => number;
  /** The detach sequence on stdin (attach only). */
  detachKeys?: Buffer;
  /** The mutation hook's part in the exchange, when one is set: the stream operators act on the session's writes. */
  exchange?: ExchangeMutation;
}

export function runSession(client: StreamEndpoint, opts: SessionOptions): Promise<void> {
  const endpoint = mutatedEndpoint(client, opts.exchange, opts.framed);
  const encode = streamEncoder(opts.framed, opts.faults);
  const wanted = (stream: StreamName): boolean => opts.streams[stream];
  const write = (entry: OutputEntry): void => endpoint.write(encode(opts.stderrAsStdout ? 'stdout' : entry.stream, entry.data, opts.frameSizeOf?.(entry)));
  const send = (entry: OutputEntry): void => {
    if (wanted(entry.stream)) write(entry);
  };
  for (const entry of opts.replay) (opts.replayUnfiltered ? write : send)(entry);
  if (!opts.live) {
    endpoint.end();
    return Promise.resolve();
  }
  return new Promise((resolve) => {
    const unsubscribe = opts.output.subscribe(opts.dropLastLive ? heldBack(send) : send);
    const finish = (): void => {
      unsubscribe();
      unEnd();
      endpoint.end();
      resolve();
    };
    const unEnd = opts.output.onRunEnd(finish);
    endpoint.onClose(() => {
      unsubscribe();
      unEnd();
      resolve();
    });
    const stdin = opts.stdin;
    if (stdin) {
      const scan = opts.detachKeys ? detachScanner(opts.detachKeys) : (data: Buffer) => ({ pass: data, detached: false });
      endpoint.onInput((data) => {
        const { pass, detached } = scan(data);
        stdin()?.push(pass);
        if (detached) finish();
      });
      if (opts.closeStdinOnEnd) endpoint.onInputEnd(() => stdin()?.end());
    }
  });
}

/** A listener that passes each entry on when the next one arrives: the last one is never passed on. */
function heldBack(send: (entry: OutputEntry) => void): (entry: OutputEntry) => void {
  let pending: OutputEntry | undefined;
  return (entry) => {
    if (pending) send(pending);
    pending = entry;
  };
}
