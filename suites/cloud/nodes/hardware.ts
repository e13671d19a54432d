/**
 * Spec (Node): "cpu I (number of CPUs), disk I (GB), memory I (MB), ..., public_ip S". The numbers
 * are held to what they count, seen from the node itself (support/node-seen.ts): cpu is the number of
 * CPUs a container deployed there counts (nproc), memory its memory in MB against /proc/meminfo's
 * MemTotal there (within the band MEMORY_BAND allows). Where the container cannot print them (no nproc,
 * no /proc/meminfo), the rule is unverified with the cause. public_ip is an IP address; whether it is
 * a private (RFC 1918) one is observed.
 */
import { isIP } from 'node:net';
import { cloudCheck } from '../support/check.ts';
import { sharedNodes } from '../support/app.ts';
import { containerAndItsNode, cpusSeenIn, MEMORY_BAND, memoryWithinBand, memTotalSeenIn } from '../support/node-seen.ts';
import { privateRange } from '../support/ping.ts';

const R = {
  cpu: 'cloud/node/get/cpu-number-of-cpus',
  memory: 'cloud/node/get/memory-mb',
  ip: 'cloud/node/get/public-ip-address',
};

export default [
  cloudCheck({
    id: R.cpu,
    title: "A node's cpu is the number of its CPUs: what nproc counts in a container deployed on it",
    endpoint: 'cloud/node/get',
    async run(ctx) {
      const { container, node } = await containerAndItsNode(ctx);
      const seen = await cpusSeenIn(ctx, container);
      const cpus =
        seen.cpus ?? ctx.unverified(`nproc in a container on node ${node.resource_uri} printed no CPU count: ${JSON.stringify(seen.printed.slice(0, 200))}`);
      ctx.expect(node.cpu === cpus, `node ${node.resource_uri} shows cpu ${String(node.cpu)}; a container deployed on it counts ${cpus} CPU(s)`, {
        expected: cpus,
        actual: node.cpu,
        requirement: R.cpu,
      });
    },
  }),
  cloudCheck({
    id: R.memory,
    title: "A node's memory is its memory in MB: near MemTotal of /proc/meminfo in a container deployed on it, not bytes, kB or GB",
    endpoint: 'cloud/node/get',
    async run(ctx) {
      const { container, node } = await containerAndItsNode(ctx);
      const seen = await memTotalSeenIn(ctx, container);
      const kb =
        seen.kb ??
        ctx.unverified(`/proc/meminfo in a container on node ${node.resource_uri} showed no MemTotal: ${JSON.stringify(seen.printed.slice(0, 200))}`);
      const mib = Math.round(kb / 1024);
      ctx.expect(
        typeof node.memory === 'number' && memoryWithinBand(node.memory, kb),
        `node ${node.resource_uri} shows memory ${String(node.memory)}, not its memory in MB: a container deployed on it reads MemTotal ${kb} kB (${mib} MiB)`,
        {
          expected: `${Math.ceil(mib * MEMORY_BAND.low)} to ${Math.floor(mib * MEMORY_BAND.high)} (MB)`,
          actual: node.memory,
          requirement: R.memory,
        },
      );
      if (Math.abs(node.memory - mib) > mib * 0.1) ctx.observe(`node memory ${node.memory} MB against MemTotal ${mib} MiB`);
    },
  }),
  cloudCheck({
    id: R.ip,
    title: "A node's public_ip is an IP address (IPv4 or IPv6), not a host name or an empty string",
    endpoint: 'cloud/node/get',
    async run(ctx) {
      const [shared] = (await sharedNodes(ctx)).nodes;
      const node = await ctx.getJson('node', shared!.resource_uri, 'the deployed node');
      const ip = String(node.public_ip);
      ctx.expect(
        typeof node.public_ip === 'string' && isIP(ip) !== 0,
        `node ${node.resource_uri} shows public_ip ${JSON.stringify(node.public_ip)}: no IP address`,
        {
          expected: 'an IPv4 or IPv6 address',
          actual: node.public_ip,
          requirement: R.ip,
        },
      );
      const range = isIP(ip) === 4 ? privateRange(ip) : undefined;
      if (range) ctx.observe(`node ${node.resource_uri} shows a private public_ip ${ip} (${range})`);
    },
  }),
];
