import { expect, test } from 'vitest';
import { executeCheck } from '../../harness/check/execute.ts';
import { startCloudServer } from '../../reference/cloud/index.ts';
import { sharedNodes, type AppNodes } from '../../suites/cloud/support/app.ts';
import { cloudBinding } from '../../suites/cloud/support/binding.ts';
import { cloudCheck } from '../../suites/cloud/support/check.ts';
import { embeddedCloudRunConfig } from '../../harness/embedded/cloud.ts';

/** A check that takes the file's shared nodes and reports the cluster it got (any requirement ID the catalog knows). */
function placingCheck(id: string, got: AppNodes[]) {
  return cloudCheck({
    id,
    title: 'places a service on the shared nodes',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      got.push(at);
      ctx.expect(at.nodes.length === 1, 'one shared node');
    },
  });
}

test('the checks of a file share one deployed cluster, terminated when the file ends', async () => {
  const server = await startCloudServer({ listen: 'tcp://127.0.0.1:0' });
  try {
    const binding = cloudBinding(embeddedCloudRunConfig(server));
    const got: AppNodes[] = [];
    const checks = [placingCheck('cloud/container/get/returns-container', got), placingCheck('cloud/container/get/exit-code', got)];
    const outcomes = await Promise.all(checks.map(async (c) => executeCheck(c, await binding.createContext(c), binding.execute)));
    expect(outcomes.map((o) => `${o.status} ${o.message}`)).toEqual(['passed ', 'passed ']);
    expect(got[0]!.cluster.resource_uri).toBe(got[1]!.cluster.resource_uri);
    const cluster = `${server.url}${got[0]!.cluster.resource_uri}`;
    const auth = { authorization: `Basic ${Buffer.from('conformance:conformance').toString('base64')}` };
    // The checks ended, their cleanups ran: the shared cluster is still deployed.
    expect(((await (await fetch(cluster, { headers: auth })).json()) as { state: string }).state).toBe('Deployed');
    await binding.teardown?.();
    expect(((await (await fetch(cluster, { headers: auth })).json()) as { state: string }).state).toMatch(/^Terminat/);
  } finally {
    await server.close();
  }
});
