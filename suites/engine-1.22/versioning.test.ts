import { engineSuite } from '../engine/support/suite.ts';
import { versioningChecks } from '../engine/versioning/index.ts';

engineSuite('1.22', versioningChecks);
