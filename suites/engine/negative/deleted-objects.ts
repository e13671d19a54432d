/**
 * The objects a client can delete, for the use-after-delete checks: how a check makes one and
 * deletes it, the path prefix of the operations on it, a reference no object ever had (the
 * control), and where the lists show it.
 */
import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { encodeQuery } from '../../../harness/protocol/query.ts';
import type { EngineContext } from '../support/context.ts';
import { createExec } from '../support/exec.ts';
import { createNetwork, createVolume } from '../support/resources.ts';

export interface DeletedObject {
  /** How the operations' paths name it (an id or a name). */
  ref: string;
  /** Whether a list still shows it, and which list. */
  listed(): Promise<{ listed: boolean; list: string }>;
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
    const { id } = await ctx.createContainer({ cmd: ['true'] });
    await deleteOrBlock(ctx, `/containers/${id}`, { force: 1 }, [204], 'engine/containers/delete/204-removed');
    const listed = async () => ({ listed: (await items(ctx, '/containers/json', { all: 1 })).some((c) => c.Id === id), list: 'GET /containers/json?all=1' });
    return { ref: id, listed };
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
    return { ref: execId, listed: async () => ({ listed: false, list: '(exec instances have no list)' }) };
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
    return { ref: Name, listed: async () => ({ listed: (await items(ctx, '/volumes')).some((v) => v.Name === Name), list: 'GET /volumes' }) };
  },
  never: (ctx) => ctx.uniqueName('missing-vol'),
};

const network: DeletableKind = {
  kind: 'network',
  prefix: '/networks/{id}',
  versions: ['1.22'],
  async deleted(ctx) {
    const { id } = await createNetwork(ctx);
    // 204 is Docker's, outside the list (200); engine/networks/delete/200-removed reports that.
    await deleteOrBlock(ctx, `/networks/${id}`, {}, [200, 204], 'engine/networks/delete/200-removed');
    return { ref: id, listed: async () => ({ listed: (await items(ctx, '/networks')).some((n) => n.Id === id), list: 'GET /networks' }) };
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
    const listed = async () => ({
      listed: (await items(ctx, '/images/json')).some((i) => Array.isArray(i.RepoTags) && i.RepoTags.some((t) => String(t).endsWith(ref))),
      list: 'GET /images/json',
    });
    return { ref, listed };
  },
  never: (ctx) => `${ctx.uniqueName('missing')}:t1`,
};

export const DELETABLE_KINDS: readonly DeletableKind[] = [container, exec, image, volume, network];
