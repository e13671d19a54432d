import { engineCheck } from '../support/check.ts';
import { eventsOf, hasKinds, kindsOf, nowSeconds } from '../support/events.ts';
import { commitRequest, configOf, envValue, imageIdOf, removeLater, sameImage } from '../support/images.ts';
import type { EngineContext } from '../support/context.ts';

/** Spec: Endpoints > Images > 37. POST /commit: 201 {Id}; repo, tag, comment, author, (1.22) pause, changes; body config; 404. */
const ENDPOINT = 'engine/images/commit';

/** Commits a fresh container as `conformance-<runId>-<purpose>-…:v1` with the extra query and body; 201 required. */
async function commitAs(
  ctx: EngineContext,
  purpose: string,
  query: Record<string, unknown> = {},
  body?: Record<string, unknown>,
  container?: string,
): Promise<{ id: string; ref: string }> {
  const source = container ?? (await ctx.createContainer({ cmd: ['true'] })).id;
  const repo = ctx.uniqueName(purpose);
  removeLater(ctx, `${repo}:v1`);
  const res = await commitRequest(ctx, { container: source, repo, tag: 'v1', ...(query as Record<string, string>) }, body);
  ctx.expectStatus(res, 201, `commit of container ${source}`, 'engine/images/commit/201-response-schema');
  const { Id } = ctx.expectVersionSchema<{ Id: string }>(
    'commit-response',
    ctx.expectJson(res, 'commit response', 'engine/images/commit/201-response-schema'),
    'the commit response',
    'engine/images/commit/201-response-schema',
  );
  return { id: Id, ref: `${repo}:v1` };
}

export default [
  engineCheck({
    id: 'engine/images/commit/201-response-schema',
    title: 'POST /commit answers 201 with {Id}, the new image named repo:tag',
    requirements: ['engine/images/commit/201-response-schema', 'engine/images/commit/query-repo-tag'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, ref } = await commitAs(ctx, 'commit');
      ctx.expect(sameImage(await imageIdOf(ctx, ref, 'engine/images/commit/query-repo-tag'), id), `${ref} does not name the committed image`, {
        expected: id,
        actual: ref,
        requirement: 'engine/images/commit/query-repo-tag',
      });
    },
  }),
  engineCheck({
    id: 'engine/images/history/200-response-schema/committed',
    title: "The history of an image committed without a comment answers the version's history items, one more than its source image's",
    requirements: ['engine/images/history/200-response-schema'],
    endpoint: 'engine/images/history',
    async run(ctx) {
      const historyOf = async (ref: string, what: string): Promise<unknown[]> => {
        const res = await ctx.api.get(`/images/${ref}/history`);
        ctx.expectStatus(res, 200, `history of ${what}`);
        return ctx.expectVersionSchema<unknown[]>('image-history', ctx.expectJson(res, `${what} history`), `the history of ${what}`);
      };
      const { ref } = await ctx.setUp(() => commitAs(ctx, 'commit-history'), 'engine/images/commit/201-response-schema');
      const source = await historyOf(ctx.fixtureImage(), 'the source image');
      const committed = await historyOf(ref, 'the committed image');
      ctx.expect(committed.length > source.length, 'a commit adds an item (its layer) to the history of the source image', {
        expected: `more than ${source.length} items`,
        actual: committed.length,
      });
    },
  }),
  engineCheck({
    id: 'engine/images/commit/query-comment-author',
    title: '(1.22) comment and author are recorded in the new image (inspect Comment, Author)',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const [comment, author] = [`committed by ${ctx.run.runId}`, 'Conformance Suite <conformance@example.invalid>'];
      const { ref } = await commitAs(ctx, 'commit-meta', { comment, author });
      const inspect = ctx.expectJson<{ Comment?: string; Author?: string }>(await ctx.api.get(`/images/${ref}/json`), 'image inspect');
      ctx.expectEqual(
        { Comment: inspect.Comment, Author: inspect.Author },
        { Comment: comment, Author: author },
        'the committed image records the comment and author given',
      );
    },
  }),
  engineCheck({
    id: 'engine/images/commit/query-changes',
    title: 'changes (build-file instructions) apply to the new image: an ENV change reaches its containers',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await commitAs(ctx, 'commit-changes', { changes: 'ENV CONFORMANCE_CHANGE=applied' });
      ctx.expectEqual(
        envValue((await configOf(ctx, id)).Env, 'CONFORMANCE_CHANGE'),
        'applied',
        'a container of the committed image has the ENV the change set',
      );
    },
  }),
  engineCheck({
    id: 'engine/images/commit/body-config',
    title: 'the body (container configuration) becomes the config of the new image',
    endpoint: ENDPOINT,
    async run(ctx) {
      const body: Record<string, unknown> = {
        Env: ['CONFORMANCE_BODY=yes'],
        WorkingDir: '/tmp',
        User: '1234',
        ExposedPorts: { '8080/tcp': {} },
        Cmd: ['echo', 'from-body'],
        ...(ctx.version === '1.22' ? { Labels: { 'conformance.body': 'yes' } } : {}),
      };
      const { id } = await commitAs(ctx, 'commit-body', {}, body);
      const config = await configOf(ctx, id);
      ctx.expectEqual(envValue(config.Env, 'CONFORMANCE_BODY'), 'yes', 'a container of the committed image has the Env of the commit body');
      ctx.expectEqual(config.WorkingDir, '/tmp', 'a container of the committed image has the WorkingDir of the commit body');
      const more = config as { User?: unknown; ExposedPorts?: Record<string, unknown> | null };
      ctx.expectEqual(more.User, '1234', 'a container of the committed image has the User of the commit body');
      ctx.expect('8080/tcp' in (more.ExposedPorts ?? {}), 'a container of the committed image exposes the ExposedPorts of the commit body', {
        expected: { '8080/tcp': {} },
        actual: more.ExposedPorts,
      });
      if (ctx.version === '1.22')
        ctx.expectEqual(config.Labels?.['conformance.body'], 'yes', '(1.22) a container of the committed image has the Labels of the commit body');
    },
  }),
  engineCheck({
    id: 'engine/images/commit/query-pause',
    title: '(1.22) pause=1 pauses the running container while committing (pause, then unpause events)',
    endpoint: ENDPOINT,
    versions: ['1.22'],
    async run(ctx) {
      const since = nowSeconds() - 1;
      const { id } = await ctx.runningContainer(['sleep', '300']);
      await commitAs(ctx, 'commit-pause', { pause: '1' }, undefined, id);
      const events = await eventsOf(ctx, since, id, hasKinds('pause', 'unpause'), { container: [id] });
      const kinds = kindsOf(events);
      ctx.expect(
        kinds.includes('pause') && kinds.indexOf('pause') < kinds.lastIndexOf('unpause'),
        'a commit with pause=1 of a running container shows no pause followed by unpause',
        { expected: ['pause', 'commit', 'unpause'], actual: kinds },
      );
      ctx.expectEqual((await ctx.state(id)).Paused, false, 'after the commit the container is not left paused');
    },
  }),
  engineCheck({
    id: 'engine/images/commit/404-no-such-container',
    title: 'POST /commit of an unknown container answers 404',
    endpoint: ENDPOINT,
    async run(ctx) {
      ctx.expectStatus(
        await commitRequest(ctx, { container: ctx.uniqueName('missing'), repo: ctx.uniqueName('commit-missing') }),
        404,
        'commit of an unknown container',
      );
    },
  }),
];
