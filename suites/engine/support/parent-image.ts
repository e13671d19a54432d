/**
 * A built image of two steps, whose parent is the untagged intermediate image of its first step
 * (where the builder keeps one: the image's inspect records it as Parent).
 */
import { buildImage, fromFixture } from './build.ts';
import type { EngineContext } from './context.ts';
import { removeLater } from './images.ts';

export interface ImageWithParent {
  /** The built image's reference (`name:latest`). */
  name: string;
  id: string;
  /** The parent's id, or '' where the builder records none. */
  parent: string;
}

/** Builds the image; its parent, where there is one, is removed after the check. */
export async function imageWithUntaggedParent(ctx: EngineContext, purpose: string, requirement: string): Promise<ImageWithParent> {
  const unique = `${ctx.run.runId}-${Math.random().toString(36).slice(2, 8)}`;
  const buildFile = `${fromFixture(ctx)}\nLABEL conformance.first=${unique}\nLABEL conformance.second=${unique}\n`;
  const { id, name } = await buildImage(ctx, purpose, { buildFile }, requirement);
  const parent = String(ctx.expectJson<{ Parent?: string }>(await ctx.api.get(`/images/${id}/json`), 'image inspect').Parent ?? '');
  if (parent) removeLater(ctx, parent);
  return { name: `${name}:latest`, id, parent };
}
