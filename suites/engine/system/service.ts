import { engineCheck } from '../support/check.ts';
import { LONG_SLEEP, sharedRunningContainer } from '../support/lifecycle.ts';
import { nowSeconds, readEvents, untilSoon } from '../support/events.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { removeLater } from '../support/images.ts';
import { expectTransferred, pull, pushedRepo } from '../support/registry.ts';
import { readStats } from '../support/stats.ts';
import { attachAndRun, demux, describeDiagnostics, expectPayload, openSession, readUntil, sessionEndMs, waitForLog } from '../support/streams.ts';

const FLOW = 'engine/service/typical-run-flow';
/** The flow program's two lines: one before the client attaches, one after (two seconds apart). */
const FLOW_LINES = ['conformance-flow-logged', 'conformance-flow-live'] as const;
/** The frame-format violations of a Tty-false stream read so far (a frame still arriving at its end is none). */
const frameBreaches = (data: Buffer) => demux(data).diagnostics.filter((d) => d.severity === 'violation' && !d.code.startsWith('truncated-'));
const ISO_FRACTIONAL = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d+(Z|[+-]\d\d:\d\d)$/;

/**
 * The image of the run flow: pushed to the run's registry and not local, so that the flow pulls
 * it. Without a registry the flow cannot pull: it asks for an image no one has, then goes on with
 * the fixture (already local) and says so; the flow, judged in its other steps, then ends unverified.
 */
async function imageToPull(ctx: EngineContext): Promise<{ missing: string; pull: () => Promise<string> }> {
  if (!pullsFromRegistry(ctx)) {
    return {
      missing: `${ctx.uniqueName('noimage')}:latest`,
      pull: async () => {
        ctx.observe('no registry (--registry): the pull step was not tried; the flow went on with the fixture image');
        return ctx.fixtureImage();
      },
    };
  }
  const repo = await pushedRepo(ctx, 'flow', ['latest']);
  const image = `${repo}:latest`;
  removeLater(ctx, image);
  return {
    missing: image,
    pull: async () => {
      expectTransferred(ctx, await pull(ctx, repo, { tag: 'latest' }), `pulling ${image} (the flow's pull after the 404)`, FLOW);
      return image;
    },
  };
}

const pullsFromRegistry = (ctx: EngineContext): boolean => Boolean(ctx.run.registry) || ctx.run.embedded;

/** Spec: What the service does; Resources (notation, timestamps). */
export default [
  engineCheck({
    id: 'engine/service/json-bodies',
    title: 'The documented JSON responses are JSON labelled application/json',
    async run(ctx) {
      const paths = ['/info', '/version', '/containers/json', ...(ctx.version === '1.22' ? ['/volumes', '/networks'] : [])];
      for (const path of paths) {
        const res = await ctx.api.get(path);
        ctx.expectStatus(res, 200, `GET ${path}`);
        const type = res.headers['content-type'] ?? '';
        ctx.expect(type.startsWith('application/json'), `GET ${path} is labelled '${type}', not application/json`, {
          expected: 'application/json',
          actual: type,
        });
        ctx.expectJson(res, `GET ${path}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/service/container-id-or-name',
    title: 'A container identifier and its name address the same container',
    async run(ctx) {
      const { id, name } = await ctx.createContainer({ cmd: ['true'] });
      for (const ref of [name, id]) {
        const res = await ctx.api.get(`/containers/${encodeURIComponent(ref)}/json`);
        ctx.expectStatus(res, 200, `GET /containers/${ref}/json`);
        ctx.expectEqual(ctx.expectJson<{ Id: string }>(res, 'container inspect').Id, id, `/containers/${ref} addresses the container ${id}`);
      }
    },
  }),
  engineCheck({
    id: 'engine/service/exec-id',
    title: 'The exec (id) placeholder is the identifier exec create returned',
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      const created = await ctx.api.post(`/containers/${id}/exec`, { json: { Cmd: ['true'], AttachStdout: true } });
      ctx.expectStatus(created, 201, 'exec create');
      const execId = ctx.expectJson<{ Id: string }>(created, 'exec create response').Id;
      const res = await ctx.api.get(`/exec/${execId}/json`);
      ctx.expectStatus(res, 200, `GET /exec/${execId}/json`);
      ctx.expectEqual(ctx.expectJson<{ ID: string }>(res, 'exec inspect').ID, execId, 'the exec instance inspected is the one created');
    },
  }),
  engineCheck({
    id: 'engine/service/typical-run-flow',
    title: 'The typical run flow works: create answers 404 for a missing image; after the pull the create succeeds; attach with logs and stream, start, wait',
    requirements: ['engine/service/typical-run-flow', 'engine/containers/create/404-no-such-image'],
    async run(ctx) {
      const flow = await imageToPull(ctx);
      const first = await createRaw(ctx, createBody(ctx, { Image: flow.missing }));
      ctx.expectStatus(
        first.res,
        404,
        `create from ${flow.missing}, which is not local (the client then pulls it)`,
        'engine/containers/create/404-no-such-image',
      );
      const image = await flow.pull();
      const got = await attachAndRun(ctx, { cmd: ['echo', 'conformance-run-flow'], extra: { Image: image } }, { logs: 1, stream: 1, stdout: 1, stderr: 1 });
      ctx.expect([101, 200].includes(got.status), `attach with logs=1 and stream=1 answered ${got.status}, expected 101 or 200`, {
        expected: [101, 200],
        actual: got.status,
        requirement: FLOW,
      });
      ctx.expect(got.data.toString('latin1').includes('conformance-run-flow'), 'the attached client sees the output of the container', {
        expected: 'conformance-run-flow',
        actual: got.data.toString('latin1').slice(0, 200),
        requirement: FLOW,
      });
      ctx.expectEqual(await ctx.waitExit(got.id), 0, 'the run ends with exit code 0', FLOW);
      if (!pullsFromRegistry(ctx)) ctx.unverified('no registry (--registry): the flow ran without its pull and retry of the create');
    },
  }),
  engineCheck({
    id: `${FLOW}/attach-after-start`,
    title:
      "The run flow's attach in the spec's order, after the start, with logs=1 and stream=1: " +
      'the client sees the output written before the attach (logs) and after it (stream), each once',
    requirements: [FLOW],
    async run(ctx) {
      const [logged, live] = FLOW_LINES;
      const { id } = await ctx.runningContainer(['sh', '-c', `echo ${logged}; sleep 2; echo ${live}; sleep 300`]);
      await waitForLog(ctx, id, logged);
      // Attached before the second line, or on a slow host after it (the logs then hold both): both lines either way.
      const conn = await openSession(ctx, `/containers/${id}/attach`, { query: { logs: 1, stream: 1, stdout: 1, stderr: 1 } });
      const { data } = await readUntil(conn, (sofar) => demux(sofar).stdout.includes(live) || frameBreaches(sofar).length > 0, sessionEndMs(ctx));
      conn.close();
      const broken = frameBreaches(data);
      if (broken.length)
        ctx.blockedBy('engine/containers/attach/query-logs', `the attach logs=1 stream breaks the frame format: ${describeDiagnostics(broken)}`);
      expectPayload(
        ctx,
        demux(data).stdout,
        `${logged}\n${live}\n`,
        'the attach after the start shows the line logged before it and the line written after it, each once',
      );
    },
  }),
  engineCheck({
    id: 'engine/service/json-object-streams',
    title: 'Events and stats responses are a sequence of JSON objects in a 200 body',
    async run(ctx) {
      const since = nowSeconds();
      const { id } = await ctx.runningContainer(['sleep', '300']);
      const events = await readEvents(ctx, { since, until: untilSoon() }, { deadlineMs: 5000 });
      ctx.expect(events.problems.length === 0, `the events body must be JSON objects: ${events.problems.join('; ')}`);
      // Which operation emits which event is not shown: with none sent, the events half shows nothing.
      if (!events.events.length) ctx.observe('no event arrived for the container started: the events body had nothing to judge');
      const stats = await readStats(ctx, id, {}, { readings: 2, deadlineMs: 5000 });
      ctx.expectEqual(stats.status, 200, 'GET /stats answers 200');
      ctx.expect(
        stats.problems.length === 0 && stats.readings.length >= 1,
        `the stats body must be a sequence of JSON objects: ${stats.problems.join('; ') || 'none arrived'}`,
      );
    },
  }),
  engineCheck({
    id: 'engine/resources/timestamps',
    title: 'Timestamps are integer Unix seconds where stated, otherwise ISO 8601 strings with fractional seconds',
    async run(ctx) {
      const { id } = await sharedRunningContainer(ctx, [...LONG_SLEEP]);
      const list = ctx.expectJson<Array<{ Id: string; Created: unknown }>>(await ctx.api.get('/containers/json', { all: true }), 'container list');
      const created = list.find((c) => c.Id === id)?.Created;
      ctx.expect(Number.isInteger(created), `the list item Created is integer Unix seconds, got ${JSON.stringify(created)}`);
      const inspect = await ctx.inspect(id);
      const state = inspect.State as { StartedAt?: unknown };
      for (const [what, value] of [
        ['inspect Created', inspect.Created],
        ['State.StartedAt', state.StartedAt],
      ] as const) {
        ctx.expect(
          typeof value === 'string' && ISO_FRACTIONAL.test(value),
          `${what} is an ISO 8601 string with fractional seconds, got ${JSON.stringify(value)}`,
        );
      }
    },
  }),
];
