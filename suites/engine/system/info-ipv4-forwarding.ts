/**
 * What Info IPv4Forwarding (I in 1.18, B in 1.22) names: whether the host forwards IPv4
 * (net.ipv4.ip_forward). A container on the host's network stack (NetworkMode host) reads that
 * sysctl; Info must say what it read. Info is read before and after the container: forwarding
 * switched on meanwhile (a daemon sets it up when a bridge network comes up) leaves it unjudged.
 */
import { engineCheck } from '../support/check.ts';
import { createBody, createRaw, wholeStdoutOf } from '../support/container-data.ts';
import type { EngineContext } from '../support/context.ts';
import { saysSupported } from './info-host-flags.ts';

export const IPV4_FORWARDING = 'engine/system/info/ipv4-forwarding';

const SYSCTL = '/proc/sys/net/ipv4/ip_forward';
const HOST_STACK = { HostConfig: { NetworkMode: 'host' } };

/** A flag that says off: false (1.22), 0 in 1.18; the spelling per version is versioning's to judge. */
const saysOff = (value: unknown): boolean => value === false || value === 0;

/** What the flag says, as the sysctl would be written ("1", "0"), or undefined for neither spelling. */
const asSysctl = (value: unknown): string | undefined => (saysSupported(value) ? '1' : saysOff(value) ? '0' : undefined);

async function infoForwarding(ctx: EngineContext): Promise<unknown> {
  const res = await ctx.api.get('/info');
  ctx.expectStatus(res, 200, 'GET /info', IPV4_FORWARDING);
  return ctx.expectJson<Record<string, unknown>>(res, 'GET /info', IPV4_FORWARDING).IPv4Forwarding;
}

/** The sysctl as a container on the host's network stack reads it ("0", "1"); unverified where no such container can read it. */
async function forwardingOnHostStack(ctx: EngineContext): Promise<string> {
  const what = `a container on the host's network stack (NetworkMode host) reading ${SYSCTL}`;
  const out = await ctx.setUp(async () => {
    const { res, id } = await createRaw(ctx, createBody(ctx, { ...HOST_STACK, Cmd: ['cat', SYSCTL] }));
    if (res.status !== 201) ctx.unverified(`${what} was refused at create (${res.status}: ${res.text().trim().slice(0, 200)})`);
    await ctx.start(id!, 'NetworkMode host');
    await ctx.waitExit(id!);
    return (await wholeStdoutOf(ctx, id!)).trim();
  });
  if (out !== '0' && out !== '1') ctx.unverified(`${what} printed ${JSON.stringify(out.slice(0, 200))}, not 0 or 1: the host's forwarding is not shown`);
  return out;
}

export default [
  engineCheck({
    id: IPV4_FORWARDING,
    title: "Info IPv4Forwarding says what a container on the host's network stack reads in net.ipv4.ip_forward (true/1 for 1, false/0 for 0)",
    endpoint: 'engine/system/info',
    async run(ctx) {
      const before = await infoForwarding(ctx);
      const read = await forwardingOnHostStack(ctx);
      const after = await infoForwarding(ctx);
      if (asSysctl(before) !== asSysctl(after))
        ctx.unverified(`Info IPv4Forwarding changed while the container read it (${JSON.stringify(before)}, then ${JSON.stringify(after)})`);
      ctx.expect(asSysctl(after) === read, `Info IPv4Forwarding says ${JSON.stringify(after)} where the host's ${SYSCTL} reads ${read}`, {
        expected: read === '1' ? 'true (1 in 1.18)' : 'false (0 in 1.18)',
        actual: after ?? 'left out',
        requirement: IPV4_FORWARDING,
      });
    },
  }),
];
