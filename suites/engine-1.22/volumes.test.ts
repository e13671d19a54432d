import { engineSuite } from '../engine/support/suite.ts';
import { volumeChecks } from '../engine/volumes/index.ts';

engineSuite('1.22', volumeChecks);
