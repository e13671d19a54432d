/**
 * The objects a client can delete, for the use-after-delete checks: how a check makes one and
 * deletes it, the path prefix of the operations on it, a reference no object ever had (the
 * control), and every list and filter that would show it: a removed object is gone from each,
 * not only from the plain list.
 */
import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { encodeQuery } from '../../../harness/protocol/query.ts';
import { RUN_LABEL } from '../../../harness/fixtures/labels.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec } from '../support/exec.ts';
import { removedContainer } from '../support/lifecycle.ts';
import { createNetwork, createVolume } from '../support/resources.ts';

export interface DeletedObject {
  /** How the operations' paths name it (an id or a name). */
  ref: string;
  /** Another reference the paths take for it (a container's name beside its id), sent as well. */
  alias?: string;
  /** The lists and filtered lists that still show it (empty when none does). */
  listedIn(): Promise<string[]>;
}

/** One list request that would show an object of a kind, and how an item of it is recognised. */
interface ListView {
  path: string;
  query?: Record<string, string | number>;
  shows(item: Record<string, unknown>): boolean;
}

export interface DeletableKind {
  kind: 'container' | 'image' | 'volume' | 'network' | 'exec';
  /** The path prefix of the catalog endpoints that operate on one object. */
  prefix: string;
  versions: EngineVersion[];
  /** Makes one, deletes it (a set-up: a refused delete blocks the check), returns what is left. */
  deleted(ctx: EngineContext): Promise<DeletedObject>;
  /** A reference of the same form no object of the target ever had. */
  never(ctx: EngineContext): string;
}

const hex64 = (): string => Array.from({ length: 64 }, () => Math.floor(Math.random() * 16).toString(16)).join('');

/** GET of a list as JSON items ({} when it is not a list: the list's own checks report that). */
async function items(ctx: EngineContext, path: string, query = {}): Promise<Array<Record<string, unknown>>> {
  const res = await ctx.api.get(path, query);
  const body = res.status === 200 ? (JSON.parse(res.text() || 'null') as unknown) : null;
  const list = Array.isArray(body) ? body : ((body as { Volumes?: unknown } | null)?.Volumes ?? []);
  return Array.isArray(list) ? (list as Array<Record<string, unknown>>) : [];
}

const filters = (map: Record<string, string[]>): string => JSON.stringify(map);

/** The views of `views` whose list still shows an item they recognise, each named by its request. */
function listedIn(ctx: EngineContext, views: readonly ListView[]): () => Promise<string[]> {
  return async () => {
    const found: string[] = [];
    for (const view of views)
      if ((await items(ctx, view.path, view.query)).some(view.shows)) found.push(`GET ${view.path}${view.query ? ` ${JSON.stringify(view.query)}` : ''}`);
    return found;
  };
}

/** The delete answered one of the codes given, or the check is blocked by the delete's requirement. */
async function deleteOrBlock(ctx: EngineContext, path: string, query: Record<string, number>, ok: number[], requirement: string): Promise<void> {
  const res = await ctx.api.delete(path, query);
  if (!ok.includes(res.status)) ctx.blockedBy(requirement, `DELETE ${path}${encodeQuery(query)} answered ${res.status}: ${res.text().trim().slice(0, 120)}`);
}

const container: DeletableKind = {
  kind: 'container',
  prefix: '/containers/{id}',
  versions: ['1.18', '1.22'],
  async deleted(ctx) {
    const { id, name } = await removedContainer(ctx);
    const shows = (c: Record<string, unknown>): boolean => c.Id === id;
    const views: ListView[] = [
      { path: '/containers/json', query: { all: 1 }, shows },
      { path: '/containers/json', query: { all: 1, filters: filters({ label: [`${RUN_LABEL}=${ctx.run.runId}`] }) }, shows },
      { path: '/containers/json', query: { all: 1, filters: filters({ status: ['created'] }) }, shows },
    ];
    return { ref: id, alias: name, listedIn: listedIn(ctx, views) };
  },
  never: hex64,
};

const exec: DeletableKind = {
  kind: 'exec',
  prefix: '/exec/{id}',
  versions: ['1.18', '1.22'],
  async deleted(ctx) {
    const { id } = await ctx.runningContainer();
    const execId = await createExec(ctx, id, { Cmd: ['true'] });
    await deleteOrBlock(ctx, `/containers/${id}`, { force: 1 }, [204], 'engine/containers/delete/204-removed');
    // Exec instances have no list.
    return { ref: execId, listedIn: async () => [] };
  },
  never: hex64,
};

const volume: DeletableKind = {
  kind: 'volume',
  prefix: '/volumes/{name}',
  versions: ['1.22'],
  async deleted(ctx) {
    const { Name } = await createVolume(ctx);
    await deleteOrBlock(ctx, `/volumes/${encodeURIComponent(Name)}`, {}, [204], 'engine/volumes/delete/204-removed');
    const shows = (v: Record<string, unknown>): boolean => v.Name === Name;
    const views: ListView[] = [
      { path: '/volumes', shows },
      { path: '/volumes', query: { filters: filters({ dangling: ['true'] }) }, shows },
    ];
    return { ref: Name, listedIn: listedIn(ctx, views) };
  },
  never: (ctx) => ctx.uniqueName('missing-vol'),
};

const network: DeletableKind = {
  kind: 'network',
  prefix: '/networks/{id}',
  versions: ['1.22'],
  async deleted(ctx) {
    const { id, name } = await createNetwork(ctx);
    // 204 is Docker's, outside the list (200); engine/networks/delete/200-removed reports that.
    await deleteOrBlock(ctx, `/networks/${id}`, {}, [200, 204], 'engine/networks/delete/200-removed');
    const shows = (n: Record<string, unknown>): boolean => n.Id === id;
    const views: ListView[] = [
      { path: '/networks', shows },
      { path: '/networks', query: { filters: filters({ id: [id] }) }, shows },
      { path: '/networks', query: { filters: filters({ name: [name] }) }, shows },
    ];
    // Its paths take (id or name): a name index not cleaned on delete still finds it by name.
    return { ref: id, alias: name, listedIn: listedIn(ctx, views) };
  },
  never: hex64,
};

const image: DeletableKind = {
  kind: 'image',
  prefix: '/images/{name}',
  versions: ['1.18', '1.22'],
  async deleted(ctx) {
    const repo = ctx.uniqueName('gone');
    const tagged = await ctx.api.post(`/images/${encodeURIComponent(ctx.fixtureImage())}/tag`, { query: { repo, tag: 't1' } });
    if (tagged.status !== 201) ctx.blockedBy('engine/images/tag/201-tagged', `POST /images/(fixture)/tag answered ${tagged.status}`);
    const ref = `${repo}:t1`;
    await deleteOrBlock(ctx, `/images/${ref}`, {}, [200], 'engine/images/delete/200-untagged-deleted');
    const shows = (i: Record<string, unknown>): boolean => Array.isArray(i.RepoTags) && i.RepoTags.some((t) => String(t).endsWith(ref));
    const views: ListView[] = [
      { path: '/images/json', shows },
      { path: '/images/json', query: { all: 1 }, shows },
      { path: '/images/json', query: { filter: repo }, shows },
    ];
    return { ref, listedIn: listedIn(ctx, views) };
  },
  never: (ctx) => `${ctx.uniqueName('missing')}:t1`,
};

export const DELETABLE_KINDS: readonly DeletableKind[] = [container, exec, image, volume, network];
