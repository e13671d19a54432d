import fc from 'fast-check';
import { engineCheck } from '../support/check.ts';
import { exitedContainer } from '../support/lifecycle.ts';
import { forAll } from '../support/properties.ts';
import { PRINT_PAYLOAD, printableLines, printablePayload } from '../support/stream-payloads.ts';
import { describeDiagnostics, describeDifference, framedLooking, framedStdoutBreach, logsSession } from '../support/streams.ts';

const ENDPOINT = 'engine/containers/logs';

/** A payload and whether its container has a tty (its log is then raw, and holds no newline). */
const payloads = fc.oneof(
  printableLines().map((text) => ({ text, tty: false })),
  printablePayload().map((text) => ({ text, tty: true })),
);

/** Judges the log of a container that printed `payload`: framed and exact, or raw and exact. */
function logBreach(data: Buffer, payload: Buffer, tty: boolean): string | undefined {
  if (!tty) return framedStdoutBreach(data, payload, 'the stdout log');
  if (data.equals(payload)) return undefined;
  const framed = framedLooking(data);
  const framedNote = framed.length ? ` (${describeDiagnostics(framed)})` : '';
  return `the raw log of a Tty container differs from what was printed: ${describeDifference(data, payload)}${framedNote}`;
}

/** Spec: Endpoints > 5 (logs); Stream details (frames, Tty raw). */
export default [
  engineCheck({
    id: 'engine/containers/logs/200-raw-stream/property',
    title: 'Property: a container log comes back byte-exact: in well-formed stdout frames (Tty false) or raw (Tty true)',
    requirements: ['engine/containers/logs/200-raw-stream', 'engine/stream/same-for-logs-and-exec', 'engine/stream/tty-raw'],
    endpoint: ENDPOINT,
    async run(ctx) {
      await forAll(ctx, payloads, async ({ text, tty }) => {
        const { id } = await exitedContainer(ctx, PRINT_PAYLOAD, { env: [`PAYLOAD=${text}`], tty });
        return logBreach((await logsSession(ctx, id, { stdout: 1, stderr: 1 })).data, Buffer.from(text), tty);
      });
    },
  }),
];
