import { engineSuite } from '../engine/support/suite.ts';
import { containerChecks } from '../engine/containers/index.ts';

engineSuite('1.18', containerChecks);
