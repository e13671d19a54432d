/** The filter faults: each probe passes with its fault and fails without it (see faults.test.ts). */
import { probeFaults } from './fault-probes.ts';

probeFaults('filters');
