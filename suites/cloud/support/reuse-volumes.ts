/**
 * Spec: Containers, Services, Stacks > redeploy: "Query `reuse_volumes` B, default true". The
 * parameter's effect, with the spellings the spec writes for boolean query values (`true`,
 * `false`): true keeps the volumes of the containers being replaced, false gives them new ones.
 */
import { encodeBoolean } from '../../../harness/protocol/booleans.ts';
import { type AppRef, operateAndSettle } from './app.ts';
import type { CloudContext } from './context.ts';

/** How a check reads the volumes of what it redeploys (`container path=volume URI`), once the redeploy has settled. */
export type VolumesAfterRedeploy = () => Promise<string[]>;

const volumeOf = (entry: string): string => entry.slice(entry.indexOf('=') + 1);
/** An entry whose binding names a volume (not null or absent). */
const named = (entry: string): boolean => !['', 'null', 'undefined'].includes(volumeOf(entry));

/** Redeploys `resource` with reuse_volumes=true (the volumes stay) and then false (none of them stays). */
export async function expectReuseVolumesQuery(ctx: CloudContext, resource: AppRef, volumes: VolumesAfterRedeploy, requirement: string): Promise<void> {
  const before = await volumes();
  // A binding may show volume null (the spec's Binding object): only volumes the containers name can be followed.
  ctx.precondition(before.some(named), `the containers show no volume for /conformance-data (${before.join(', ') || 'no binding'})`);
  await operateAndSettle(ctx, resource, 'redeploy', { reuse_volumes: encodeBoolean(true, 'lower') });
  const kept = await volumes();
  ctx.expectEqual(kept, before, 'redeploy with reuse_volumes=true gave the containers other volumes', requirement);
  await operateAndSettle(ctx, resource, 'redeploy', { reuse_volumes: encodeBoolean(false, 'lower') });
  const fresh = await volumes();
  const old = new Set(kept.filter(named).map(volumeOf));
  ctx.expect(fresh.length > 0 && fresh.every((v) => !old.has(volumeOf(v))), 'redeploy with reuse_volumes=false kept volumes of the replaced containers', {
    expected: `volumes other than ${[...old].join(', ')}`,
    actual: fresh,
    requirement,
  });
}
