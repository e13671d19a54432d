import { engineSuite } from '../engine/support/suite.ts';
import { archiveChecks } from '../engine/archive/index.ts';

engineSuite('1.18', archiveChecks);
