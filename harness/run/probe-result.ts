import type { SuiteName } from '../catalog/types.ts';
import type { ResultEntry } from '../report/report.ts';
import type { ProbeFailure } from './probe.ts';

/** The requirement a probe stands on: the documented answer of the endpoint it asks. */
const PROBE_REQUIREMENT: Record<ProbeFailure['api'], string> = {
  engine: 'engine/system/ping/200-ok',
  cloud: 'cloud/provider/list/returns-providers',
};

const PROBE_TITLE: Record<ProbeFailure['api'], string> = {
  engine: 'The target is a container engine: GET /_ping answers 200 before any check runs',
  cloud: 'The target is a cloud orchestration API: the provider list answers the documented JSON to the run’s credentials before any check runs',
};

/** The id of a probe's result: `engine/probe` or `cloud/probe`. */
export function probeCheckId(api: ProbeFailure['api']): string {
  return `${api}/probe`;
}

/**
 * A failed probe as a result of its own, under the first suite of the run that needed the target:
 * no check ran, and this one says why, naming what the target answered (or that it did not).
 */
export function probeResult(failure: ProbeFailure, suites: readonly SuiteName[], message: string): ResultEntry {
  const suite = suites.find((s) => (failure.api === 'cloud' ? s === 'cloud' : s !== 'cloud')) ?? suites[0]!;
  return {
    id: probeCheckId(failure.api),
    suite,
    title: PROBE_TITLE[failure.api],
    requirements: [PROBE_REQUIREMENT[failure.api]],
    endpoint: failure.api === 'engine' ? 'engine/system/ping' : 'cloud/provider/list',
    outcome: 'failed',
    message: `${message}; no check ran`,
    durationMs: failure.transcript.reduce((ms, e) => ms + (e.durationMs ?? 0), 0),
    actual: failure.seen,
    breaches: [{ requirements: [PROBE_REQUIREMENT[failure.api]], named: true, message: failure.seen }],
    completed: false,
    ...(failure.transcript.length ? { transcript: failure.transcript } : {}),
  };
}
