/**
 * Spec: Containers, Services, Stacks > redeploy: "Query `reuse_volumes` B, default true". The
 * parameter's effect, with the spellings the spec writes for boolean query values (`true`,
 * `false`): true keeps the volumes of the containers being replaced, false gives them new ones.
 *
 * A volume is its data: before the redeploy the check writes a marker into the volume at
 * /conformance-data of each container (exec) and reads it back after it. Kept volumes still hold
 * it; new ones do not. The volume URIs the bindings show are compared too where they name one (a
 * binding may show volume null, the spec's Binding object): a target that shows the same volume
 * but recreated it empty is told by the data alone.
 */
import { encodeBoolean } from '../../../harness/protocol/booleans.ts';
import { type AppRef, operateAndSettle } from './app.ts';
import type { CloudContext } from './context.ts';
import { OPERATION } from './operation-requirements.ts';
import { printedIn } from './streams.ts';
import type { Container } from './views.generated.ts';

/** The container path of the volume the redeploy checks bind. */
export const DATA_PATH = '/conformance-data';
/** The file each check writes its marker into, in the volume at DATA_PATH. */
export const MARKER_FILE = `${DATA_PATH}/conformance-marker`;

/** The volume a container's binding at `path` names (null, absent or a URI: how a binding shows it). */
export const volumeAt = (c: Container, path: string): unknown => (c.bindings ?? []).find((b) => b.container_path === path)?.volume;

/** How a check reads what it redeploys, once the redeploy has settled. */
export interface RedeployedVolumes {
  /** The volumes its containers show: `container path=volume URI` each. */
  volumes: () => Promise<string[]>;
  /** Its containers, once Running again. */
  running: () => Promise<Container[]>;
}

const volumeOf = (entry: string): string => entry.slice(entry.indexOf('=') + 1);
/** An entry whose binding names a volume (not null or absent). */
const named = (entry: string): boolean => !['', 'null', 'undefined'].includes(volumeOf(entry));

/** Writes a marker of this check into `file` (by default in the volume at DATA_PATH) of each container (exec); returns the marker. */
export async function writeMarker(ctx: CloudContext, containers: readonly Container[], file = MARKER_FILE): Promise<string> {
  ctx.precondition(containers.length > 0, 'the resource has no running container to write into');
  const marker = ctx.uniqueName('volume-data');
  for (const c of containers) {
    const echoed = await printedIn(ctx, c, `echo ${marker} > ${file}; cat ${file}`);
    // A container whose volume cannot be written shows nothing about the redeploy.
    ctx.precondition(echoed.includes(marker), `the data written into ${file} of ${c.resource_uri} could not be read back: ${echoed.slice(0, 200)}`);
  }
  return marker;
}

/** Each container's volume holds the marker (`kept`) or does not (new volumes). */
async function expectMarker(
  ctx: CloudContext,
  containers: readonly Container[],
  marker: string,
  kept: boolean,
  what: string,
  requirement: string,
): Promise<void> {
  ctx.precondition(containers.length > 0, `after ${what} the resource has no running container to read`);
  for (const c of containers) {
    const read = await printedIn(ctx, c, `cat ${MARKER_FILE}`);
    const there = read.includes(marker);
    ctx.expect(
      there === kept,
      kept
        ? `after ${what} the data written into the volume at ${DATA_PATH} is gone from ${c.resource_uri}`
        : `after ${what} ${c.resource_uri} still has the data written into the volume it had at ${DATA_PATH}`,
      { expected: kept ? `${MARKER_FILE} holding ${marker}` : `no ${MARKER_FILE} of the replaced volume`, actual: read.slice(0, 200), requirement },
    );
  }
}

/** Redeploys `resource` without reuse_volumes (default true): its containers keep their volumes, and the data in them. */
export async function expectReuseVolumesDefault(ctx: CloudContext, resource: AppRef, read: RedeployedVolumes, requirement: string): Promise<void> {
  const before = await read.volumes();
  ctx.precondition(before.length > 0, `the containers show no binding for ${DATA_PATH}`, OPERATION.bindingsInherited);
  const marker = await writeMarker(ctx, await read.running());
  await operateAndSettle(ctx, resource, 'redeploy');
  const containers = await read.running();
  const after = await read.volumes();
  if (before.some(named)) ctx.expectEqual(after, before, 'redeploy without reuse_volumes gave the containers other volumes', requirement);
  else ctx.observe(`the bindings name no volume (${before.join(', ')}): the data alone tells whether the volumes were kept`);
  await expectMarker(ctx, containers, marker, true, 'a redeploy without reuse_volumes', requirement);
}

/** Redeploys `resource` with reuse_volumes=true (the volumes stay, with their data) and then false (none of them stays). */
export async function expectReuseVolumesQuery(ctx: CloudContext, resource: AppRef, read: RedeployedVolumes, requirement: string): Promise<void> {
  const before = await read.volumes();
  ctx.precondition(before.length > 0, `the containers show no binding for ${DATA_PATH}`, OPERATION.bindingsInherited);
  const marker = await writeMarker(ctx, await read.running());
  await operateAndSettle(ctx, resource, 'redeploy', { reuse_volumes: encodeBoolean(true, 'lower') });
  const reused = await read.running();
  const kept = await read.volumes();
  if (before.some(named)) ctx.expectEqual(kept, before, 'redeploy with reuse_volumes=true gave the containers other volumes', requirement);
  else ctx.observe(`the bindings name no volume (${before.join(', ')}): the data alone tells whether the volumes were kept`);
  await expectMarker(ctx, reused, marker, true, 'a redeploy with reuse_volumes=true', requirement);
  await operateAndSettle(ctx, resource, 'redeploy', { reuse_volumes: encodeBoolean(false, 'lower') });
  const renewed = await read.running();
  const fresh = await read.volumes();
  const old = new Set(kept.filter(named).map(volumeOf));
  ctx.expect(fresh.length > 0 && fresh.every((v) => !old.has(volumeOf(v))), 'redeploy with reuse_volumes=false kept volumes of the replaced containers', {
    expected: `volumes other than ${[...old].join(', ')}`,
    actual: fresh,
    requirement,
  });
  await expectMarker(ctx, renewed, marker, false, 'a redeploy with reuse_volumes=false', requirement);
}

/** What a data-deleted check compares after the DELETE: the container deployed in the deleted one's place. */
export interface DeletedData {
  /** The volume the deleted container's binding at DATA_PATH named (null, absent or a URI). */
  volume: unknown;
  /** The marker written into it before the DELETE. */
  marker: string;
  /** The container deployed in its place, whose volume is read. */
  fresh: Container;
  /** The live containers that must not have been given the deleted volume. */
  others: readonly Container[];
  /** What `fresh` is, for the messages. */
  what: string;
}

/**
 * The data of a deleted container is deleted: no container got its volume (where the binding named one; where the data
 * lives is not shown otherwise), and the container deployed in its place does not hold the marker written into it.
 */
export async function expectDataDeleted(ctx: CloudContext, d: DeletedData, requirement: string): Promise<void> {
  if (typeof d.volume === 'string' && d.volume !== '') {
    const reused = d.others.filter((o) => volumeAt(o, DATA_PATH) === d.volume);
    ctx.expect(reused.length === 0, `the deleted volume ${d.volume} was given to ${reused.map((o) => o.resource_uri).join(', ')}`, {
      expected: 'a new volume: the data of a deleted container is deleted',
      actual: reused.map((o) => ({ container: o.resource_uri, volume: volumeAt(o, DATA_PATH) })),
      requirement,
    });
  } else ctx.observe(`the container shows no volume for ${DATA_PATH} (${String(d.volume)}): the data alone tells whether it was kept`);
  const read = await printedIn(ctx, d.fresh, `cat ${MARKER_FILE}`);
  ctx.expect(!read.includes(d.marker), `${d.fresh.resource_uri}, ${d.what}, has the deleted data`, {
    expected: `no ${MARKER_FILE} holding ${d.marker}`,
    actual: read.slice(0, 200),
    requirement,
  });
}
