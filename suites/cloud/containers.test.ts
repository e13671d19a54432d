import { cloudSuite } from './support/suite.ts';
import { containerChecks } from './containers/index.ts';

cloudSuite(containerChecks);
