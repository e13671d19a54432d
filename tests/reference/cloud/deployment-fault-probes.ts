/**
 * Probes of the placement faults of HIGH_AVAILABILITY (round-robin, Stopped containers counted with
 * ties to the first node), of tags ignored by a scale or a redeploy, and of a sequential deployment
 * booting its containers together: each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, runningService, settledIn, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);

/** The node of the container a scale to 4 adds to a HIGH_AVAILABILITY service of 3 on 3 nodes whose container on the middle node is Stopped. */
async function addedBesideStoppedMiddle(t: TestServer): Promise<{ added: string; nodes: string[] }> {
  const nodes = (await deployedCluster(t, 3)).nodes as string[];
  const svc = await runningService(t, { image: 'x', deployment_strategy: 'HIGH_AVAILABILITY', target_num_containers: 3 });
  const first = await Promise.all((svc.containers as string[]).map((c) => get(t, c)));
  const onMiddle = first.find((c) => c.node === nodes[1]);
  await t.ok('POST', `${onMiddle.resource_uri}stop/`);
  await settledIn(t, onMiddle.resource_uri, 'Stopped');
  await settledIn(t, svc.resource_uri, 'Partly running');
  await t.ok('PATCH', svc.resource_uri, { target_num_containers: 4 });
  await t.ok('POST', `${svc.resource_uri}scale/`);
  const scaled = await until(
    () => get(t, svc.resource_uri),
    (s) => s.state === 'Partly running' && s.containers.length === 4,
  );
  const added = scaled.containers.find((c: string) => !first.some((f) => f.resource_uri === c));
  return { added: (await get(t, added)).node, nodes };
}

/** A running service of `count` containers on the second of two nodes, which alone carries its tag. */
async function onTaggedNode(t: TestServer, count: number): Promise<{ svc: any; tagged: string }> {
  const tagged = ((await deployedCluster(t, 2)).nodes as string[])[1]!;
  await t.ok('PATCH', tagged, { tags: [{ name: 'only' }] });
  return { svc: await runningService(t, { image: 'x', tags: ['only'], target_num_containers: count }), tagged };
}

/** The nodes of a service's containers once it is Running with `count` of them. */
async function nodesOf(t: TestServer, uri: string, count: number): Promise<string[]> {
  const svc = await until(
    () => get(t, uri),
    (s) => s.state === 'Running' && s.containers.length === count,
  );
  return Promise.all((svc.containers as string[]).map(async (c) => (await get(t, c)).node));
}

export const DEPLOYMENT_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'high-availability-round-robin': async (t) => {
    const { added, nodes } = await addedBesideStoppedMiddle(t);
    expect(added).toBe(nodes[0]);
  },
  'high-availability-counts-stopped-ties-first': async (t) => {
    const { added, nodes } = await addedBesideStoppedMiddle(t);
    expect(added).toBe(nodes[0]);
  },
  'scale-ignores-tags': async (t) => {
    const { svc, tagged } = await onTaggedNode(t, 1);
    await t.ok('PATCH', svc.resource_uri, { target_num_containers: 3 });
    await t.ok('POST', `${svc.resource_uri}scale/`);
    expect((await nodesOf(t, svc.resource_uri, 3)).filter((n) => n !== tagged)).not.toEqual([]);
  },
  'redeploy-ignores-tags': async (t) => {
    const { svc, tagged } = await onTaggedNode(t, 2);
    await t.ok('POST', `${svc.resource_uri}redeploy/`);
    expect((await nodesOf(t, svc.resource_uri, 2)).filter((n) => n !== tagged)).not.toEqual([]);
  },
  'sequential-boots-all-at-once': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', '/api/app/v1/service/', { image: 'x', sequential_deployment: true, target_num_containers: 3 });
    await t.ok('POST', `${svc.resource_uri}start/`);
    // The first listing that shows a container Running: in sequence only the first one is.
    const first = await until(
      async () => (await get(t, `/api/app/v1/container/?service=${svc.resource_uri}`)).objects as any[],
      (listed) => listed.some((c) => c.state === 'Running'),
    );
    expect(first.map((c) => c.state)).toEqual(['Running', 'Running', 'Running']);
  },
};
