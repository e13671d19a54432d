import { engineSuite } from '../engine/support/suite.ts';
import { logChecks } from '../engine/logs/index.ts';

engineSuite('1.22', logChecks);
