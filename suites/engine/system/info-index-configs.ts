/**
 * What Info RegistryConfig.IndexConfigs' Official and Secure name, judged only where the answer
 * itself ties an entry to a fact: the entry of the index IndexServerAddress names is the official
 * one (and, that address being https, a secure one), and an entry whose name is an address in one
 * of InsecureRegistryCIDRs' ranges is not secure.
 */
import { BlockList, isIP } from 'node:net';
import { engineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';

export const INDEX_CONFIGS = 'engine/system/info/registry-index-configs';

interface IndexConfig {
  Name?: unknown;
  Official?: unknown;
  Secure?: unknown;
}

interface RegistryInfo {
  IndexServerAddress?: unknown;
  RegistryConfig?: { IndexConfigs?: Record<string, IndexConfig> | null; InsecureRegistryCIDRs?: unknown } | null;
}

/** The URL IndexServerAddress gives, or undefined for none. */
function indexServer(address: unknown): URL | undefined {
  try {
    return typeof address === 'string' && address ? new URL(address) : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The entry of the index at `host`: the one named the host, else the one named its parent domain
 * (docker.io for index.docker.io), the index being the registry of that domain.
 */
function officialEntry(entries: ReadonlyArray<[string, IndexConfig]>, host: string): [string, IndexConfig] | undefined {
  const parent = host.split('.').slice(1).join('.');
  const named = (name: string) => entries.find(([key, e]) => (e.Name ?? key) === name);
  return named(host) ?? (parent.includes('.') ? named(parent) : undefined);
}

/** InsecureRegistryCIDRs as a block list (ranges that do not parse are left out). */
function insecureRanges(cidrs: unknown): BlockList {
  const list = new BlockList();
  for (const cidr of Array.isArray(cidrs) ? cidrs : []) {
    const [net = '', bits = ''] = String(cidr).split('/');
    const family = isIP(net);
    if (family && /^\d+$/.test(bits)) list.addSubnet(net, Number(bits), family === 6 ? 'ipv6' : 'ipv4');
  }
  return list;
}

/** The address an entry's name gives (a host:port or [v6]:port loses its port), or undefined for a host name. */
function addressOf(name: string): string | undefined {
  const bare = name.startsWith('[') ? name.slice(1, name.indexOf(']')) : isIP(name) ? name : name.replace(/:\d+$/, '');
  return isIP(bare) ? bare : undefined;
}

/** What the answer does not tie together, recorded: nothing judged. */
function noTie(ctx: EngineContext, what: string): false {
  ctx.observe(what);
  return false;
}

/** Judges the entry of the index IndexServerAddress names; false where the answer ties none to it. */
function judgeOfficial(ctx: EngineContext, info: RegistryInfo, entries: ReadonlyArray<[string, IndexConfig]>): boolean {
  const server = indexServer(info.IndexServerAddress);
  if (!server) return noTie(ctx, `IndexServerAddress ${JSON.stringify(info.IndexServerAddress)} names no index: no entry is tied to it`);
  const found = officialEntry(entries, server.hostname);
  if (!found) return noTie(ctx, `IndexConfigs lists no entry for ${server.hostname}, the index IndexServerAddress names: Official is not judged`);
  const [key, entry] = found;
  const what = `IndexConfigs ${JSON.stringify(key)}, the index IndexServerAddress ${String(info.IndexServerAddress)} names`;
  ctx.expect(entry.Official === true, `${what}, says Official ${JSON.stringify(entry.Official)}`, {
    expected: true,
    actual: entry.Official ?? 'left out',
    requirement: INDEX_CONFIGS,
  });
  if (server.protocol === 'https:')
    ctx.expect(entry.Secure === true, `${what} over https, says Secure ${JSON.stringify(entry.Secure)}`, {
      expected: true,
      actual: entry.Secure ?? 'left out',
      requirement: INDEX_CONFIGS,
    });
  return true;
}

/** Judges the entries named by an address in an insecure range; how many there were. */
function judgeInsecure(ctx: EngineContext, info: RegistryInfo, entries: ReadonlyArray<[string, IndexConfig]>): number {
  const cidrs = info.RegistryConfig?.InsecureRegistryCIDRs;
  const ranges = insecureRanges(cidrs);
  const inRange = entries.filter(([key, entry]) => {
    const address = addressOf(String(entry.Name ?? key));
    return address !== undefined && ranges.check(address, isIP(address) === 6 ? 'ipv6' : 'ipv4');
  });
  for (const [key, entry] of inRange)
    ctx.expect(
      entry.Secure === false,
      `IndexConfigs ${JSON.stringify(key)}, in InsecureRegistryCIDRs ${JSON.stringify(cidrs)}, says Secure ${JSON.stringify(entry.Secure)}`,
      {
        expected: false,
        actual: entry.Secure ?? 'left out',
        requirement: INDEX_CONFIGS,
      },
    );
  return inRange.length;
}

export default [
  engineCheck({
    id: INDEX_CONFIGS,
    title:
      'Info IndexConfigs: the entry of the index IndexServerAddress names says Official true (and Secure true for an https address); ' +
      'an entry whose name is in InsecureRegistryCIDRs says Secure false',
    endpoint: 'engine/system/info',
    async run(ctx) {
      const res = await ctx.api.get('/info');
      ctx.expectStatus(res, 200, 'GET /info', INDEX_CONFIGS);
      const info = ctx.expectJson<RegistryInfo>(res, 'GET /info', INDEX_CONFIGS);
      const entries = Object.entries(info.RegistryConfig?.IndexConfigs ?? {}).filter(([, e]) => e !== null && typeof e === 'object');
      const official = judgeOfficial(ctx, info, entries);
      if (!judgeInsecure(ctx, info, entries) && !official)
        ctx.unverified('the answer ties no IndexConfigs entry to the official index or to an insecure range: nothing to judge');
    },
  }),
];
