import { engineSuite } from '../engine/support/suite.ts';
import { streamChecks } from '../engine/streams/index.ts';

engineSuite('1.22', streamChecks);
