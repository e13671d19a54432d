import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { EngineVersion } from '../../harness/catalog/types.ts';
import type { Outcome } from '../../harness/check/outcome.ts';
import { executeCheck } from '../../harness/check/execute.ts';
import { provisionFixture, sweepRun } from '../../harness/fixtures/engine-fixture.ts';
import { newRunId } from '../../harness/fixtures/labels.ts';
import type { RunConfig } from '../../harness/run/config.ts';
import { EMBEDDED_REGISTRY, EMBEDDED_REGISTRY_AUTH } from '../../harness/run/run-conformance.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { startEngineServer } from '../../reference/engine/index.ts';
import { engineBinding } from '../../suites/engine/support/binding.ts';
import type { EngineCheck } from '../../suites/engine/support/check.ts';

/**
 * Runs engine checks straight through executeCheck (no vitest run per target) against an
 * embedded reference target started with the given faults: how the teeth tests prove that each
 * check fails against a target that breaks its rule.
 */
export async function runAgainstEmbedded(opts: { faults?: string[]; version: EngineVersion; checks: EngineCheck[]; timeoutMs?: number }): Promise<Map<string, Outcome>> {
  const dir = mkdtempSync(path.join(tmpdir(), 'teeth-'));
  const server = await startEngineServer({ listen: `unix://${path.join(dir, 'engine.sock')}`, faults: opts.faults ?? [] });
  const engine = parseTargetUrl(server.url);
  const runId = newRunId();
  const timeoutMs = opts.timeoutMs ?? 5000;
  try {
    const fixture = await provisionFixture(engine, { version: '1.22', runId, rootfsPath: '/bin/busybox', embedded: true, timeoutMs });
    const run: RunConfig = {
      runId,
      suites: [`engine-${opts.version}`],
      seed: 42,
      timeoutMs,
      concurrency: 1,
      vendorProfile: 'docker',
      embedded: true,
      engine,
      registry: EMBEDDED_REGISTRY,
      registryAuth: EMBEDDED_REGISTRY_AUTH,
      fixture: { rootfsPath: '/bin/busybox', ...('image' in fixture ? { image: fixture.image } : { error: fixture.error }) },
    };
    const binding = engineBinding(run, opts.version);
    const outcomes = new Map<string, Outcome>();
    for (const check of opts.checks) {
      outcomes.set(check.id, await executeCheck(check, await binding.createContext(check), binding.execute));
    }
    await binding.teardown?.();
    await sweepRun(engine, { version: '1.22', runId, timeoutMs });
    return outcomes;
  } finally {
    await server.close();
  }
}
