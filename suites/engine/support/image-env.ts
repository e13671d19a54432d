/**
 * The Env rule on data that tells a merge apart: a create's Env entry for a variable the image
 * already sets is the one the container gets. The image sets its variable through a commit's
 * `changes` (an ENV instruction), which Docker and Podman both apply (Podman 4.3 does not apply
 * the Env of a commit body). Its check is in the images section, whose files the image lane orders:
 * a commit and its removal change the image store.
 */
import { stdoutOfRun } from './container-data.ts';
import type { EngineContext } from './context.ts';
import { committedImage, configOf, envValue } from './images.ts';

/** The variable the committed image sets, with its value there and the one a create gives it. */
const NAME = 'CONFORMANCE_IMAGE_SET';
const IMAGE_VALUE = 'from-image';
const CREATE_VALUE = 'from-create';

/** The values of every `NAME=` entry among `entries` (an env listing or an Env list), in their order. */
function valuesOf(entries: readonly string[], name: string): string[] {
  return entries.filter((e) => e.startsWith(`${name}=`)).map((e) => e.slice(name.length + 1));
}

/**
 * A container created from an image that sets NAME, with an Env entry for NAME, has the create's
 * value: in its process environment (`env`) and as the only NAME entry of its inspect Config.Env
 * (the create's Env field, as sent). An image that does not set NAME leaves the check blocked by
 * the commit rule that should have set it.
 */
export async function expectCreateEnvOverridesImage(ctx: EngineContext): Promise<void> {
  const image = await committedImage(ctx, 'env-image', [`ENV ${NAME}=${IMAGE_VALUE}`]);
  const imageEnv = (await configOf(ctx, image.ref)).Env;
  ctx.precondition(
    envValue(imageEnv, NAME) === IMAGE_VALUE,
    `a container created without Env from an image committed with changes \`ENV ${NAME}=${IMAGE_VALUE}\` has Config.Env ${JSON.stringify(imageEnv)}`,
    'engine/images/commit/query-changes',
  );
  const entry = `${NAME}=${CREATE_VALUE}`;
  const { id } = await ctx.runningContainer(['env'], { env: [entry], extra: { Image: image.ref } });
  const printed = (await stdoutOfRun(ctx, id)).split('\n');
  const configEnv = ((await ctx.inspect(id)).Config as { Env?: string[] | null } | undefined)?.Env ?? [];
  ctx.expectEqual(
    { process: valuesOf(printed, NAME), 'Config.Env': valuesOf(configEnv, NAME) },
    { process: [CREATE_VALUE], 'Config.Env': [CREATE_VALUE] },
    `the create's Env entry ${entry} replaces the image's ${NAME}=${IMAGE_VALUE}: \`env\` in the container and inspect Config.Env show ${entry} only`,
  );
}
