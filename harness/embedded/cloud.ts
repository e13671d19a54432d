import type { Outcome } from '../check/outcome.ts';
import { executeCheck, type ExecuteOptions } from '../check/execute.ts';
import { newRunId } from '../fixtures/labels.ts';
import type { RunConfig } from '../run/config.ts';
import { EMBEDDED_CLOUD_USERS, embeddedStreamEndpoint } from '../run/targets.ts';
import { parseTargetUrl } from '../target/endpoint.ts';
import { type CloudFaultName, type RunningCloudServer, startCloudServer } from '../../reference/cloud/index.ts';
import { cloudBinding } from '../../suites/cloud/support/binding.ts';
import type { CloudCheck } from '../../suites/cloud/support/check.ts';
import type { MutationHook } from '../mutation/hook.ts';
import { runChecks, type BatchOptions } from './run-checks.ts';

export interface EmbeddedCloudRun {
  faults?: readonly CloudFaultName[];
  /** A mutant, or the baseline's observer (harness/mutation/hook.ts). */
  mutation?: MutationHook;
  /** Checks at once, and when to stop (a mutant's first kill): one after another to the end by default. */
  batch?: BatchOptions;
  checks: CloudCheck[];
  timeoutMs?: number;
  seed?: number;
  /**
   * Grade every requirement as required: a breach of an informational rule (a fact) then fails
   * instead of being observed, which is how the teeth prove that such a check notices.
   */
  strictLevels?: boolean;
  /** Multiplies the reference's simulated durations (default 1): a longer window for checks that act within one. */
  timeScale?: number;
  /**
   * Something the REST calls reach the reference through (a proxy that delays requests, say): given the
   * reference's URL, it serves its own. The Stream API is reached directly, over TLS.
   */
  front?: (url: string) => Promise<{ url: string; close(): Promise<void> }>;
}

/**
 * Runs cloud checks straight through executeCheck (no vitest run per target) against an
 * embedded cloud reference target started with the given faults: how the teeth tests prove
 * that each check fails against a target that breaks its rule.
 */
export async function runAgainstEmbeddedCloud(opts: EmbeddedCloudRun): Promise<Map<string, Outcome>> {
  const server = await startCloudServer({
    listen: 'tcp://127.0.0.1:0',
    faults: opts.faults ?? [],
    timeScale: opts.timeScale,
    ...(opts.mutation ? { mutation: opts.mutation } : {}),
  });
  const front = await opts.front?.(server.url);
  const binding = cloudBinding(embeddedCloudRunConfig(server, { ...opts, ...(front ? { restUrl: front.url } : {}) }));
  const execute = opts.strictLevels ? strict(binding.execute) : binding.execute;
  try {
    return await runChecks(opts.checks, async (check) => executeCheck(check, await binding.createContext(check), execute), opts.batch ?? {});
  } finally {
    await binding.teardown?.();
    await front?.close();
    await server.close();
  }
}

function strict(options: ExecuteOptions): ExecuteOptions {
  return {
    ...options,
    requirement: (id) => {
      const found = options.requirement(id);
      return found && { ...found, level: 'required' };
    },
  };
}

/**
 * The run configuration of a cloud run, one check at a time, against a running reference: REST at
 * its URL (or `restUrl`, a front of it), the Stream API at its wss URL trusting its test certificate.
 */
export function embeddedCloudRunConfig(
  server: Pick<RunningCloudServer, 'url' | 'streamUrl' | 'caFile'>,
  opts: { seed?: number; timeoutMs?: number; restUrl?: string } = {},
): RunConfig {
  return {
    runId: newRunId(),
    suites: ['cloud'],
    seed: opts.seed ?? 42,
    timeoutMs: opts.timeoutMs ?? 5000,
    concurrency: 1,
    vendorProfile: 'docker',
    embedded: true,
    cloud: { rest: parseTargetUrl(opts.restUrl ?? server.url), stream: embeddedStreamEndpoint(server), ...EMBEDDED_CLOUD_USERS },
    fixture: { rootfsPath: '' },
  };
}
