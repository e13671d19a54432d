import net from 'node:net';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { sweepCloudRun } from '../../harness/fixtures/cloud-sweep.ts';
import { EMBEDDED_CLOUD_USERS } from '../../harness/run/targets.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { startTestServer, type TestServer } from '../reference/cloud/helpers.ts';

const RUN_ID = 'swp123';
const ORG = EMBEDDED_CLOUD_USERS.namespace;
let t: TestServer;

beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

/** Creates what an interrupted run could leave: a service, a stack, a node cluster and a repository named `name`-..., as `user`, in `namespace`. */
async function leftBehind(name: string, user = 'conformance', namespace = ''): Promise<Array<{ uri: string; user: string }>> {
  const ns = namespace ? `${namespace}/` : '';
  const post = async (path: string, body: unknown): Promise<{ uri: string; user: string }> => {
    const answer = await t.call('POST', path, body, { user });
    expect(answer.status, JSON.stringify(answer.body)).toBeLessThan(300);
    return { uri: answer.body.resource_uri as string, user };
  };
  const nodeType = (await t.ok('GET', '/api/infra/v1/nodetype/')).objects[0];
  return [
    await post(`/api/app/v1/${ns}service/`, { image: 'busybox', name: `${name}-svc` }),
    await post(`/api/app/v1/${ns}stack/`, { name: `${name}-stack`, services: [{ image: 'busybox', name: `${name}-in-stack` }] }),
    await post(`/api/infra/v1/${ns}nodecluster/`, { name: `${name}-cluster`, node_type: nodeType.resource_uri, region: nodeType.regions[0] }),
    await post(`/api/repo/v1/${ns}repository/`, { name: `quay.io/${name}/repo`, username: 'u', password: 'p' }),
  ];
}

/** The resource's state; a removed repository (it has none) reads as Terminated. */
async function stateOf({ uri, user }: { uri: string; user: string }): Promise<string> {
  const answer = await t.call('GET', uri, undefined, { user });
  return answer.status === 404 ? 'Terminated' : (answer.body.state ?? 'present');
}

describe('the cloud sweep at the end of a run', () => {
  test("terminates what carries the run id, as each user and in the organization's namespace, and nothing else", async () => {
    const ours = [
      ...(await leftBehind(`conformance-${RUN_ID}-a`)),
      ...(await leftBehind(`conformance-${RUN_ID}-b`, 'conformance2')),
      ...(await leftBehind(`conformance-${RUN_ID}-c`, 'conformance', ORG)),
    ];
    const foreign = [...(await leftBehind('conformance-other1-a')), ...(await leftBehind('someone-else'))];
    const cloud = { rest: parseTargetUrl(t.server.url), stream: parseTargetUrl(t.server.url), ...EMBEDDED_CLOUD_USERS };

    expect(await sweepCloudRun(cloud, { runId: RUN_ID, timeoutMs: 5000 })).toEqual([]);

    for (const made of ours) expect(['Terminating', 'Terminated'], made.uri).toContain(await stateOf(made));
    for (const made of foreign) expect(['Terminating', 'Terminated'], made.uri).not.toContain(await stateOf(made));
  });

  test('terminates a node cluster once it leaves Deploying, where terminate was refused while it deployed', async () => {
    const slow = await startTestServer({ timeScale: 20 });
    try {
      const nodeType = (await slow.ok('GET', '/api/infra/v1/nodetype/')).objects[0];
      const body = { name: `conformance-${RUN_ID}-deploying`, node_type: nodeType.resource_uri, region: nodeType.regions[0] };
      const cluster = await slow.ok('POST', '/api/infra/v1/nodecluster/', body);
      await slow.ok('POST', `${cluster.resource_uri}deploy/`);
      expect((await slow.ok('GET', cluster.resource_uri)).state).toBe('Deploying');
      expect((await slow.call('DELETE', cluster.resource_uri)).status).toBe(409);
      const cloud = { rest: parseTargetUrl(slow.server.url), stream: parseTargetUrl(slow.server.url), ...EMBEDDED_CLOUD_USERS };

      expect(await sweepCloudRun(cloud, { runId: RUN_ID, timeoutMs: 5000 })).toEqual([]);
      expect(['Terminating', 'Terminated']).toContain((await slow.ok('GET', cluster.resource_uri)).state);
    } finally {
      await slow.close();
    }
  });

  test('removes nothing, and ends, where the target refuses its lists (wrong credentials)', async () => {
    const cloud = { rest: parseTargetUrl(t.server.url), stream: parseTargetUrl(t.server.url), auth: { user: 'nobody', key: 'wrong' } };
    expect(await sweepCloudRun(cloud, { runId: RUN_ID, timeoutMs: 5000 })).toEqual([]);
  });

  test('stops at the first list that gets no answer, and says so', async () => {
    // Counts the requests' connections: each list after the first would wait out the deadline again.
    let connections = 0;
    const silent = net.createServer(() => void connections++);
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const url = `http://127.0.0.1:${(silent.address() as net.AddressInfo).port}`;
    const cloud = { rest: parseTargetUrl(url), stream: parseTargetUrl(url), ...EMBEDDED_CLOUD_USERS };
    try {
      const left = await sweepCloudRun(cloud, { runId: RUN_ID, timeoutMs: 300 });
      expect(left).toHaveLength(1);
      expect(left[0]).toMatch(/^the sweep stopped: /);
      expect(connections).toBe(1);
    } finally {
      silent.close();
    }
  });
});
