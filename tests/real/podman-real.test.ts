import { realTargetSuite } from './real-target-suite.ts';
import { PODMAN } from './targets.ts';

// Its run starts with `vitest run` (podman.setup.ts); this test judges it.
realTargetSuite(PODMAN);
