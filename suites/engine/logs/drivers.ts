import { engineCheck, type EngineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import { type EngineContext, withoutNetwork } from '../support/context.ts';
import { exitedContainer } from '../support/lifecycle.ts';
import { eventually } from '../support/poll.ts';
import { type Capture, demux, logsSession } from '../support/streams.ts';

const ENDPOINT = 'engine/containers/logs';
const DRIVERS = 'engine/containers/logs/log-drivers';
/** What the logged program writes: a line on each stream. */
const LOGGED = ['sh', '-c', 'echo driver-out; echo driver-err >&2'];
/** How long a log read back is retried: a driver such as journald may show a line a little after the program wrote it. */
const LOG_DEADLINE_MS = 5000;

/** Whether a logs answer served the program's log: 200 (or 101) with both its lines on their streams. */
function servesLog(got: Capture): boolean {
  if (got.status !== 200 && got.status !== 101) return false;
  const { stdout, stderr } = demux(got.data);
  return stdout.toString('utf8').includes('driver-out') && stderr.toString('utf8').includes('driver-err');
}

/**
 * A container of the fixture that logged LOGGED through the driver `type` and ran to its end. A
 * server error to its create or start is the host's (journald needs the host's journal, which a
 * host without systemd does not run): the check ends unverified with it. Another refusal of the
 * create is the documented Type's, which the LogConfig check of create reports.
 */
async function loggedThrough(ctx: EngineContext, type: string): Promise<string> {
  const body = withoutNetwork(createBody(ctx, { Cmd: LOGGED, HostConfig: { LogConfig: { Type: type, Config: {} } } }));
  const { res, id } = await createRaw(ctx, body);
  const said = `${res.status} ${res.text().trim().slice(0, 300)}`;
  if (res.status >= 500) ctx.unverified(`the target could not create a container logging to ${type} (the host may not run it): ${said}`);
  if (!id)
    return ctx.blockedBy(`engine/containers/create/host-config-log-config-types-${ctx.version}`, `the create with LogConfig Type ${type} answered ${said}`);
  await ctx.start(id, `LogConfig Type ${type}`);
  await ctx.waitExit(id);
  return id;
}

/** The check that the logs of a container logging through `type` (one of the two drivers the sentence names) are served. */
function servedCheck(type: 'json-file' | 'journald'): EngineCheck {
  return engineCheck({
    id: `${DRIVERS}/${type}`,
    title: `Logs work for the ${type} driver: the log of a container created with LogConfig Type ${type} is served, both streams`,
    requirements: [DRIVERS],
    endpoint: ENDPOINT,
    async run(ctx) {
      const id = await loggedThrough(ctx, type);
      const got = await eventually(() => logsSession(ctx, id, { stdout: 1, stderr: 1 }), servesLog, LOG_DEADLINE_MS, 100);
      ctx.expect(servesLog(got), `the logs of a container logging to ${type} (the sentence says logs work for it) were not served`, {
        expected: '200 with the frames stdout "driver-out\\n" and stderr "driver-err\\n"',
        actual: `${got.status}: ${got.data.toString('utf8').slice(0, 300)}`,
        requirement: DRIVERS,
      });
    },
  });
}

/** Spec: Endpoints > Containers > 5. GET /containers/(id)/logs: "Works only for the json-file and journald log drivers." */
export default [
  engineCheck({
    id: DRIVERS,
    title: 'Logs are served only for the json-file and journald drivers: a container logging to `none` has no logs served',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await exitedContainer(ctx, ['echo', 'unlogged'], { hostConfig: { LogConfig: { Type: 'none', Config: {} } } });
      const got = await logsSession(ctx, id, { stdout: 1, stderr: 1 });
      const served = (got.status === 200 || got.status === 101) && demux(got.data).stdout.includes('unlogged');
      ctx.observe(`logs of a container with the none driver answered ${got.status}: ${got.data.subarray(0, 200).toString('utf8').trim()}`);
      ctx.expect(!served, 'the log of a container with the `none` driver was served', {
        expected: 'no logs (an error, or an empty stream)',
        actual: got.data.toString('utf8').slice(0, 300),
      });
    },
  }),
  servedCheck('json-file'),
  servedCheck('journald'),
];
