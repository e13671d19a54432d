import type { TestProject } from 'vitest/node';
import { startEarly } from './early-run.ts';
import { PODMAN } from './targets.ts';

/** Global setup of the real-podman project: Podman's run begins when `vitest run` does. */
export default function setup(project: TestProject): (() => Promise<void>) | undefined {
  return startEarly(PODMAN, project);
}
