/** Every named fault breaks its one rule observably: each probe passes with its fault and fails without it. */
import { describe, expect, it } from 'vitest';
import { CLOUD_FAULTS } from '../../../reference/cloud/index.ts';
import { PROBES, probeFaults } from './fault-probes.ts';
import { startTestServer } from './helpers.ts';

describe('cloud faults', () => {
  it('has at least 22 faults, each with a probe, each with a unique name', () => {
    expect(CLOUD_FAULTS.length).toBeGreaterThanOrEqual(22);
    expect(Object.keys(PROBES).sort()).toEqual(CLOUD_FAULTS.map((f) => f.name).sort());
  });

  it('refuses unknown fault names', async () => {
    await expect(startTestServer({ faults: ['no-such-fault'] })).rejects.toThrow(/unknown cloud fault/);
  });
});

// The states and actions faults are probed in faults-states.test.ts, the filter faults in faults-filters.test.ts.
probeFaults('other');
