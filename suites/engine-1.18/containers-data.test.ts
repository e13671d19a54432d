import { engineSuite } from '../engine/support/suite.ts';
import { containerDataChecks } from '../engine/containers/data-checks.ts';

engineSuite('1.18', containerDataChecks);
