import { engineSuite } from '../engine/support/suite.ts';
import { queryChecks } from '../engine/query/index.ts';

engineSuite('1.22', queryChecks);
