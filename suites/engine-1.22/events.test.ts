import { engineSuite } from '../engine/support/suite.ts';
import { eventChecks } from '../engine/events/index.ts';

engineSuite('1.22', eventChecks);
