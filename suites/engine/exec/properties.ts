import { engineCheck } from '../support/check.ts';
import { createExec, execContainer, startAttached } from '../support/exec.ts';
import { forAll } from '../support/properties.ts';
import { binaryPayload } from '../support/stream-payloads.ts';
import { framedStdoutBreach } from '../support/streams.ts';

/** Spec: Endpoints > Exec > 39 ("same stream behavior as attach"); Stream details. */
export default [
  engineCheck({
    id: 'engine/exec/start/200-raw-stream/property',
    title: 'Property: random bytes written on an exec session stdin reach the program and come back byte-exact in stdout frames, written after stdin ended',
    requirements: ['engine/exec/start/200-raw-stream', 'engine/stream/same-for-logs-and-exec', 'engine/stream/stdin-forwarded'],
    endpoint: 'engine/exec/start',
    async run(ctx) {
      const { id } = await execContainer(ctx);
      await forAll(ctx, binaryPayload(), async (payload) => {
        // The program answers only once its stdin has ended: `cat` alone could echo everything
        // before the half-close reached the daemon, and a daemon that closes the stream on it
        // would then pass or fail by timing.
        const file = `/tmp/${ctx.uniqueName('stdin')}`;
        const execId = await createExec(ctx, id, { Cmd: ['sh', '-c', `cat > ${file}; cat ${file}; rm ${file}`], AttachStdin: true });
        const got = await startAttached(ctx, execId, false, { upgrade: false, stdin: payload, endInput: true });
        return framedStdoutBreach(got.data, payload, `the exec stream of a program that writes back its ${payload.length} stdin bytes after their end`);
      });
    },
  }),
];
