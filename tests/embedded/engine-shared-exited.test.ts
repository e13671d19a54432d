import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { executeCheck } from '../../harness/check/execute.ts';
import { sweepRun } from '../../harness/fixtures/engine-fixture.ts';
import { newRunId, RUN_LABEL } from '../../harness/fixtures/labels.ts';
import { HttpTransport } from '../../harness/target/http-transport.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { startEngineServer } from '../../reference/engine/index.ts';
import { engineBinding } from '../../suites/engine/support/binding.ts';
import { noSuchContainerCheck } from '../../suites/engine/support/lifecycle.ts';
import { embeddedEngineRunConfig, embeddedFixture } from '../../harness/embedded/engine.ts';

test('404 checks whose route probe leaves an exited container as it is share one per file, removed when the file ends', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'shared-exited-'));
  const server = await startEngineServer({ listen: `unix://${path.join(dir, 'engine.sock')}` });
  const engine = parseTargetUrl(server.url);
  const transport = new HttpTransport(engine, { timeoutMs: 5000, maxBodyBytes: 1024 * 1024 });
  const runId = newRunId();
  const ours = async (): Promise<number> => {
    const res = await transport.request({
      method: 'GET',
      path: '/v1.22/containers/json',
      query: { all: '1', filters: JSON.stringify({ label: [`${RUN_LABEL}=${runId}`] }) },
    });
    return (res.json() as unknown[]).length;
  };
  try {
    const run = embeddedEngineRunConfig(engine, await embeddedFixture(engine, runId, 5000), runId, '1.22', 5000);
    const binding = engineBinding(run, '1.22');
    const checks = [
      noSuchContainerCheck({ endpoint: 'engine/containers/top', method: 'GET', suffix: 'top' }),
      noSuchContainerCheck({ endpoint: 'engine/containers/kill', method: 'POST', suffix: 'kill', keepsExited: true }),
      noSuchContainerCheck({ endpoint: 'engine/containers/start', method: 'POST', suffix: 'start' }),
    ];
    for (const check of checks) expect((await executeCheck(check, await binding.createContext(check), binding.execute)).status).toBe('passed');
    // The start probe's own container went with its check; the shared one stays until the file ends.
    expect(await ours()).toBe(1);
    await binding.teardown?.();
    expect(await ours()).toBe(0);
  } finally {
    await sweepRun(engine, { version: '1.22', runId, timeoutMs: 5000 });
    await transport.close();
    await server.close();
  }
});
