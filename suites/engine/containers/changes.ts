import { repeated } from '../../../harness/check/repeated.ts';
import { engineCheck } from '../support/check.ts';
import { sharedRanContainer } from '../support/container-data.ts';
import { noSuchContainerCheck } from '../support/lifecycle.ts';

const ENDPOINT = 'engine/containers/changes';
const R = 'engine/containers/changes/';

type Change = { Path: string; Kind: number };

/**
 * Changes a script makes to the fixture: /conformance-added added, the file /etc/fixture-release
 * modified (a regular file has Kind 0), /bin/false removed.
 */
const SCRIPT = 'echo added > /conformance-added; echo modified >> /etc/fixture-release; rm /bin/false';
/** The image directories above the paths SCRIPT changes: they stay, so a listed one can only be modified. */
const PARENTS = ['/', '/etc', '/bin'];

/** Spec: Endpoints > Containers > 6. GET /containers/(id or name)/changes; Resources > Changes item. */
export default [
  engineCheck({
    id: `${R}200-response-schema`,
    title: 'GET /containers/(id)/changes answers 200 with a list of {Path S, Kind I}',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRanContainer(ctx, SCRIPT);
      const res = await ctx.api.get(`/containers/${id}/changes`);
      ctx.expectStatus(res, 200, 'changes of a container that changed its filesystem');
      const changes = ctx.expectVersionSchema<Change[]>('container-changes', ctx.expectJson(res, 'changes'), 'the changes list');
      ctx.expect(changes.length > 0, 'the list is not empty after the container added and removed files', { expected: 'some changes', actual: changes });
    },
  }),
  engineCheck({
    id: `${R}200-response-schema/no-changes`,
    title: 'GET /containers/(id)/changes of a container that never ran answers 200 with a list (no changes: an empty list, not null)',
    endpoint: ENDPOINT,
    requirements: [`${R}200-response-schema`],
    async run(ctx) {
      // Created, never started: nothing ran in it, so the list has nothing to hold and must still be a list.
      const { id } = await ctx.createContainer({ cmd: ['true'] });
      const res = await ctx.api.get(`/containers/${id}/changes`);
      ctx.expectStatus(res, 200, 'changes of a container created and never started');
      const changes = ctx.expectVersionSchema<Change[]>('container-changes', ctx.expectJson(res, 'changes'), 'the changes list of a container that never ran');
      // What a runtime itself writes into a new container's filesystem the spec does not say: recorded.
      if (changes.length > 0)
        ctx.observe(
          `a container that never ran lists ${changes.length} changes: ${changes
            .map((c) => c.Path)
            .join(', ')
            .slice(0, 300)}`,
        );
    },
  }),
  engineCheck({
    id: `${R}kind-values`,
    title: 'Kind is 0 for a modified path, 1 for an added one, 2 for a deleted one (a directory above them, where listed, is modified: 0)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRanContainer(ctx, SCRIPT);
      const changes = ctx.expectJson<Change[]>(await ctx.api.get(`/containers/${id}/changes`), 'changes');
      const kindOf = (path: string): number | undefined => changes.find((c) => c.Path === path)?.Kind;
      const expected = { '/conformance-added': 1, '/etc/fixture-release': 0, '/bin/false': 2 };
      const actual = Object.fromEntries(Object.keys(expected).map((p) => [p, kindOf(p)]));
      ctx.expectEqual(actual, expected, 'added file Kind 1, modified file Kind 0, deleted file Kind 2');
      // Whether the directories above a change are listed is not stated (Docker lists them); one listed exists in the image and the container: modified.
      const listed = PARENTS.filter((dir) => kindOf(dir) !== undefined);
      ctx.observe(`the directories above the changed paths listed: ${listed.map((dir) => `${dir} (Kind ${kindOf(dir)})`).join(', ') || 'none'}`);
      const parents = Object.fromEntries(listed.map((dir) => [dir, kindOf(dir)]));
      ctx.expectEqual(parents, Object.fromEntries(listed.map((dir) => [dir, 0])), 'a listed directory above a change, neither added nor deleted, has Kind 0');
    },
  }),
  engineCheck({
    id: `${R}each-path-once`,
    title: 'The changes list names each changed path once',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await sharedRanContainer(ctx, SCRIPT);
      const paths = ctx.expectJson<Change[]>(await ctx.api.get(`/containers/${id}/changes`), 'changes').map((c) => c?.Path);
      const twice = repeated(paths);
      ctx.expect(twice.length === 0, 'the changes list names a path more than once', { expected: 'each path once', actual: twice });
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'GET', suffix: 'changes' }),
];
