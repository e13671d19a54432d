import { engineSuite } from '../engine/support/suite.ts';
import { execChecks } from '../engine/exec/index.ts';

engineSuite('1.22', execChecks);
