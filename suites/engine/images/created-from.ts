import { randomBytes } from 'node:crypto';
import { engineCheck } from '../support/check.ts';
import { ranContainer, stdoutOf } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { expectCreateEnvOverridesImage } from '../support/image-env.ts';
import { commitRequest, removeLater } from '../support/images.ts';

const BODY_IMAGE = 'engine/containers/create/body-image';
const BODY_ENV = 'engine/containers/create/body-env';
/** The file each image of the check holds, with a token of its own. */
const MARK = '/conformance-image-mark';
const TAGS = ['t1', 't2'] as const;

/**
 * `repo:tag` committed from a container that wrote `token` to MARK. A commit that fails blocks the
 * check: the commit's own check reports that breach.
 */
async function markedImage(ctx: EngineContext, repo: string, tag: string, token: string): Promise<void> {
  await ctx.setUp(async () => {
    const { id: container } = await ranContainer(ctx, `echo ${token} > ${MARK}`);
    const res = await commitRequest(ctx, { container, repo, tag });
    if (res.status !== 201) ctx.fail(`committing container ${container} as ${repo}:${tag} answered ${res.status}: ${res.text().trim().slice(0, 300)}`);
    removeLater(ctx, `${repo}:${tag}`);
  }, 'engine/images/commit/201-response-schema');
}

/**
 * Spec: Resources > Container create request: "Image S: image name"; Image resources: "A tag ...
 * can be used to reference the image". The container runs the image named, not only echoes the
 * name: two images of one repository, told apart by their tags, each hold a file of their own.
 * "Env [S]: entries of the form VAR=value": a create's entry for a variable its image also sets is
 * the one set. (In the images section: their set-up commits images, which the image lane orders.)
 */
export default [
  engineCheck({
    id: `${BODY_IMAGE}/runs-image`,
    title: 'Image names the image the container is created from: a container of repo:t1 reads the file of repo:t1, one of repo:t2 that of repo:t2',
    requirements: [BODY_IMAGE],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      const repo = ctx.uniqueName('created-from');
      const tokens = TAGS.map(() => randomBytes(8).toString('hex'));
      for (const [i, tag] of TAGS.entries()) await markedImage(ctx, repo, tag, tokens[i]!);
      for (const [i, tag] of TAGS.entries()) {
        const read = await stdoutOf(ctx, ['sh', '-c', `cat ${MARK} || echo absent`], { extra: { Image: `${repo}:${tag}` } });
        ctx.expectEqual(read.trim(), tokens[i], `a container created with Image ${repo}:${tag} reads the file of that image`);
      }
    },
  }),
  engineCheck({
    id: `${BODY_ENV}/over-image`,
    title: "An Env entry for a variable the image also sets replaces the image's value: in the process environment (`env`) and in Config.Env",
    requirements: [BODY_ENV],
    endpoint: 'engine/containers/create',
    async run(ctx) {
      await expectCreateEnvOverridesImage(ctx);
    },
  }),
];
