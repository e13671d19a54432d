import { engineSuite } from '../engine/support/suite.ts';
import { imageChecks } from '../engine/images/index.ts';

engineSuite('1.18', imageChecks);
