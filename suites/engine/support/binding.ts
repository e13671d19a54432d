import type { EngineVersion } from '../../../harness/catalog/types.ts';
import { RequirementIndex } from '../../../harness/catalog/load.ts';
import { sharedJudgeForSuite } from '../../../harness/judge/suite-judge.ts';
import type { SuiteBinding } from '../../../harness/check/register.ts';
import type { RunConfig } from '../../../harness/run/config.ts';
import { checkTimeout } from '../../../harness/run/timeouts.ts';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { HttpTransport } from '../../../harness/target/http-transport.ts';
import { EngineContext } from './context.ts';
import { newEngineFileSetUp } from './file-shared.ts';

/**
 * The largest answer a check buffers (after decompression). The largest documented answers a run
 * reads are its own fixture image's tarballs (a few MB); a hostile target's endless or inflating
 * body is cut here, four checks at a time, so the cap bounds the run's memory too.
 */
const MAX_BODY_BYTES = 16 * 1024 * 1024;

/** How engine checks of one version run against the run's engine target. */
export function engineBinding(run: RunConfig, version: EngineVersion): SuiteBinding<EngineContext> {
  if (!run.engine) throw new Error('the engine suites need an engine target');
  const transport = new HttpTransport(run.engine, { timeoutMs: run.timeoutMs, maxBodyBytes: MAX_BODY_BYTES });
  const schemas = SchemaValidator.shared(run.vendorProfile);
  const requirements = RequirementIndex.shared();
  const judge = sharedJudgeForSuite(`engine-${version}`, run.vendorProfile);
  const file = newEngineFileSetUp();
  const context = (): EngineContext => new EngineContext({ seed: run.seed, schemas, timeoutMs: run.timeoutMs, judge }, run, version, transport, file);
  return {
    suite: `engine-${version}`,
    execute: { requirement: (id) => requirements.get(id), checkTimeoutMs: checkTimeout(run.timeoutMs) },
    createContext: async () => context(),
    teardown: async () => {
      const last = context();
      for (const error of await file.containers.release((id) => last.removeContainer(id)))
        process.stderr.write(`cleanup: the file's shared container ${error}\n`);
      for (const error of await file.images.release((ref) => last.api.delete(`/images/${ref}`, { force: true })))
        process.stderr.write(`cleanup: the file's shared image ${error}\n`);
      await transport.close();
    },
    concurrent: run.concurrency > 1,
    serialAlone: !run.embedded,
  };
}
