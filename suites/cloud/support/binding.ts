import { RequirementIndex } from '../../../harness/catalog/load.ts';
import { sharedJudgeForSuite } from '../../../harness/judge/suite-judge.ts';
import type { SuiteBinding } from '../../../harness/check/register.ts';
import type { RunConfig } from '../../../harness/run/config.ts';
import { checkTimeout } from '../../../harness/run/timeouts.ts';
import { SchemaValidator } from '../../../harness/schema/validator.ts';
import { HttpTransport } from '../../../harness/target/http-transport.ts';
import { CloudContext } from './context.ts';
import { newCloudFileSetUp } from './file-shared.ts';

/** How cloud checks run against the run's cloud target. */
export function cloudBinding(run: RunConfig): SuiteBinding<CloudContext> {
  const cloud = run.cloud;
  if (!cloud) throw new Error('the cloud suite needs a cloud target');
  const transport = new HttpTransport(cloud.rest, { timeoutMs: run.timeoutMs, maxBodyBytes: 16 * 1024 * 1024 });
  const schemas = SchemaValidator.shared(run.vendorProfile);
  const requirements = RequirementIndex.shared();
  const judge = sharedJudgeForSuite('cloud', run.vendorProfile);
  const file = newCloudFileSetUp();
  const context = (): CloudContext => new CloudContext({ seed: run.seed, schemas, timeoutMs: run.timeoutMs, judge }, run, cloud, transport, file);
  return {
    suite: 'cloud',
    execute: { requirement: (id) => requirements.get(id), checkTimeoutMs: checkTimeout(run.timeoutMs) },
    createContext: async () => context(),
    teardown: async () => {
      const last = context();
      for (const error of await file.nodes.release((uri) => last.api.delete(uri))) process.stderr.write(`cleanup: the file's shared node cluster ${error}\n`);
      await transport.close();
    },
    concurrent: run.concurrency > 1,
  };
}
