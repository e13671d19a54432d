import { engineSuite } from '../engine/support/suite.ts';
import { limitChecks } from '../engine/limits/index.ts';

engineSuite('1.18', limitChecks);
