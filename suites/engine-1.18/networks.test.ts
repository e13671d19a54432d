import { engineSuite } from '../engine/support/suite.ts';
import { networkChecks } from '../engine/networks/index.ts';

engineSuite('1.18', networkChecks);
