import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { RequirementIndex } from '../../../harness/catalog/load.ts';
import { registerChecks } from '../../../harness/check/register.ts';
import { loadRunConfig } from '../../../harness/run/config.ts';
import { checkTimeout } from '../../../harness/run/run-conformance.ts';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { HttpTransport } from '../../../harness/target/http-transport.ts';
import type { EngineCheck } from './check.ts';
import { EngineContext } from './context.ts';

const MAX_BODY_BYTES = 64 * 1024 * 1024;

/**
 * Registers engine checks for one API version: the checks written for that version (all versions
 * unless a check says otherwise) become vitest tests in the calling suite file.
 */
export function engineSuite(version: EngineVersion, checks: ReadonlyArray<EngineCheck>): void {
  const run = loadRunConfig();
  if (!run.engine) throw new Error('the engine suites need an engine target');
  const transport = new HttpTransport(run.engine, { timeoutMs: run.timeoutMs, maxBodyBytes: MAX_BODY_BYTES });
  const schemas = new SchemaValidator(run.vendorProfile);
  const requirements = RequirementIndex.load();
  registerChecks<EngineContext>(
    {
      suite: `engine-${version}`,
      execute: { requirement: (id) => requirements.get(id), checkTimeoutMs: checkTimeout(run.timeoutMs) },
      createContext: async () => new EngineContext({ seed: run.seed, schemas, timeoutMs: run.timeoutMs }, run, version, transport),
      teardown: () => transport.close(),
    },
    checks.filter((c) => !c.versions || c.versions.includes(version)),
  );
}
