import { engineSuite } from '../engine/support/suite.ts';
import { systemChecks } from '../engine/system/index.ts';

engineSuite('1.18', systemChecks);
