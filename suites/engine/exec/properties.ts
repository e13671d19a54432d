import { engineCheck } from '../support/check.ts';
import { createExec, startAttached, EXEC_HOST } from '../support/exec.ts';
import { forAll } from '../support/properties.ts';
import { binaryPayload } from '../support/stream-payloads.ts';
import { demux, describeDiagnostics, describeDifference } from '../support/streams.ts';

/** Spec: Endpoints > Exec > 39 ("same stream behavior as attach"); Stream details. */
export default [
  engineCheck({
    id: 'engine/exec/start/200-raw-stream/property',
    title: 'Property: random bytes written on an exec session stdin reach `cat` and come back byte-exact in stdout frames',
    requirements: ['engine/exec/start/200-raw-stream', 'engine/stream/same-for-logs-and-exec', 'engine/stream/stdin-forwarded'],
    endpoint: 'engine/exec/start',
    async run(ctx) {
      const { id } = await ctx.runningContainer(EXEC_HOST);
      await forAll(ctx, binaryPayload(), async (payload) => {
        const execId = await createExec(ctx, id, { Cmd: ['cat'], AttachStdin: true });
        const got = await startAttached(ctx, execId, false, { upgrade: false, stdin: payload, endInput: true });
        const decoded = demux(got.data);
        const breaches = decoded.diagnostics.filter((d) => d.severity === 'violation');
        if (breaches.length) return `the exec stream carrying ${payload.length} stdin bytes breaks the frame format: ${describeDiagnostics(breaches)}`;
        if (!decoded.stdout.equals(payload)) return `cat in the exec echoed the ${payload.length} stdin bytes wrongly: ${describeDifference(decoded.stdout, payload)}`;
        return undefined;
      });
    },
  }),
];
