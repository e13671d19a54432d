/**
 * The HostConfig a start request may carry (backward compatibility): every field of the create
 * request's HostConfig, sent with start to a container created without it, is the one the
 * container runs with (inspect HostConfig after the start).
 *
 * Where a field is not stored as sent, a container created with the same HostConfig is the
 * oracle: a target that does not store it at create either (a host that discards what it cannot
 * apply, with a create warning) leaves that field unverified; one that stores it at create but
 * not at start breaks the rule. A start the target refuses is a breach only where the same
 * HostConfig given at create lets the container start.
 */
import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import { createBody, createRaw, holds, holdsEachOnce, type FieldCase } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { freeHostPort } from '../support/resources.ts';
import { deviceRateCases, hostConfigCases } from './create-fields.ts';

const START_BODY = 'engine/containers/start/body-host-config';
const MB = 1024 * 1024;
/** GroupAdd by number: the fixture has no group file entry for a name; two, in no stated order. */
const GROUPS = ['1234', '5678'];

/** Fields a host may refuse or discard for lack of a cgroup controller, grouped so that one refusal leaves the others verified. */
const RESOURCES = new Set(['Memory', 'MemorySwap', 'MemoryReservation', 'KernelMemory', 'MemorySwappiness', 'OomKillDisable', 'CpuShares']);
const CPU_SETS = new Set(['CpusetCpus', 'CpusetMems', 'CpuPeriod', 'CpuQuota', 'ShmSize']);
const isBlockIo = (field: string): boolean => field.startsWith('Blkio');
const isDeviceRate = (field: string): boolean => field.startsWith('BlkioDevice');

type Group = 'settings' | 'resources' | 'cpu' | 'block-io' | 'device-rates';

function groupOf(field: string): Group {
  if (RESOURCES.has(field)) return 'resources';
  if (CPU_SETS.has(field)) return 'cpu';
  if (isDeviceRate(field)) return 'device-rates';
  return isBlockIo(field) ? 'block-io' : 'settings';
}

/**
 * 1.22 fields of the start request no create case sends (their create rules are range checks), and
 * the device rates, which the create request's rate checks send apart: in a group of their own, as
 * JSON numbers, the form both real daemons take (a target refusing one Rate form leaves the other
 * block-io fields verified; one refusing it at create too leaves the rates unverified).
 */
const START_ONLY: FieldCase[] = [
  { requirement: START_BODY, field: 'BlkioWeight', value: 300 },
  { requirement: START_BODY, field: 'MemorySwappiness', value: 30 },
  { requirement: START_BODY, field: 'ShmSize', value: 128 * MB },
  ...deviceRateCases(false).map((c) => ({ ...c, requirement: START_BODY })),
];

/**
 * The create cases, with the values a started container can run with on any host: a published
 * port on `hostPort`, one free here (a fixed one may be taken), groups by number (the fixture has
 * no group file entry for a name).
 */
function groupCases(version: EngineVersion, helper: string, hostPort: string, group: Group): FieldCase[] {
  const cases = hostConfigCases(version, [helper]).map((c): FieldCase => {
    if (c.field === 'PortBindings') return { ...c, value: { '8080/tcp': [{ HostIp: '127.0.0.1', HostPort: hostPort }] }, matches: undefined };
    if (c.field === 'GroupAdd') return { ...c, value: GROUPS, matches: holdsEachOnce(GROUPS) };
    return c;
  });
  return [...cases, ...(version === '1.22' ? START_ONLY : [])].filter((c) => groupOf(c.field) === group);
}

const storedAsSent = (c: FieldCase, stored: Record<string, unknown>): boolean => (c.matches ? c.matches(stored[c.field]) : holds(stored[c.field], c.value));

/** A container created with `hostConfig` (the oracle), not started; its stored HostConfig. */
async function createdWith(ctx: EngineContext, hostConfig: Record<string, unknown>, what: string): Promise<{ id: string; stored: Record<string, unknown> }> {
  return ctx.setUp(async () => {
    const { res, id, warnings } = await createRaw(ctx, createBody(ctx, { Cmd: ['sleep', '300'], HostConfig: hostConfig }));
    if (res.status !== 201)
      ctx.unverified(`the target does not create a container with the ${what} either (${res.status}: ${res.text().trim().slice(0, 200)})`);
    for (const w of warnings) ctx.observe(`create warning: ${w}`);
    return { id: id!, stored: ((await ctx.inspect(id!)).HostConfig ?? {}) as Record<string, unknown> };
  });
}

/** A start with the body refused: a breach only where the same HostConfig given at create lets the container start. */
async function startRefused(ctx: EngineContext, hostConfig: Record<string, unknown>, what: string, said: string): Promise<never> {
  const { id } = await createdWith(ctx, hostConfig, what);
  const res = await ctx.api.post(`/containers/${id}/start`);
  if (res.status !== 204) ctx.unverified(`the host does not run a container created with the ${what} either (${res.status}): ${said}`);
  return ctx.fail(`${said}, while a container created with the same HostConfig starts (204)`, { expected: 204, requirement: START_BODY });
}

function startBodyCheck(group: Group): EngineCheck {
  const what = `HostConfig ${group} fields`;
  return engineCheck({
    id: `${START_BODY}/${group}`,
    title: `POST /start with a HostConfig body of the create request's ${group} fields: 204, and inspect HostConfig holds each as sent`,
    requirements: [START_BODY],
    endpoint: 'engine/containers/start',
    ...(group === 'block-io' || group === 'device-rates' ? { versions: ['1.22'] } : {}),
    async run(ctx) {
      // Links and VolumesFrom name a running container of the default network, with a volume.
      const helper =
        group === 'settings' ? (await ctx.runningContainer(['sleep', '300'], { networked: true, extra: { Volumes: { '/conformance-shared': {} } } })).name : '';
      const cases = groupCases(ctx.version, helper, group === 'settings' ? await freeHostPort() : '', group);
      const hostConfig = Object.fromEntries(cases.map((c) => [c.field, c.value]));
      const { id } = await ctx.createContainer({ cmd: ['sleep', '300'], networked: true });
      const res = await ctx.api.post(`/containers/${id}/start`, { json: hostConfig });
      if (res.status !== 204) await startRefused(ctx, hostConfig, what, `start with the ${what} answered ${res.status}: ${res.text().trim().slice(0, 200)}`);
      ctx.expectStatus(res, 204, `start with the ${what}`);
      const stored = ((await ctx.inspect(id)).HostConfig ?? {}) as Record<string, unknown>;
      const missed = cases.filter((c) => !storedAsSent(c, stored));
      const oracle = missed.length ? (await createdWith(ctx, hostConfig, what)).stored : {};
      const verifiable = cases.filter((c) => !missed.includes(c) || storedAsSent(c, oracle));
      for (const c of cases.filter((c) => !verifiable.includes(c)))
        ctx.observe(`HostConfig.${c.field}: unverified, the target stores it as sent neither at create nor at start (the host may discard it)`);
      if (!verifiable.length) ctx.unverified(`the target stores none of the ${what} as sent at create either`);
      for (const c of verifiable) {
        ctx.verify(!missed.includes(c), `inspect HostConfig.${c.field} after a start with it is not the value sent (create stores it as sent)`, {
          expected: c.value,
          actual: stored[c.field],
          requirement: START_BODY,
        });
      }
    },
  });
}

/** Spec: Endpoints > Containers > 10. POST /containers/(id or name)/start ("Optional body: HostConfig"); States > Operation effects. */
export default (['settings', 'resources', 'cpu', 'block-io', 'device-rates'] as const).map(startBodyCheck);
