import { cloudSuite } from './support/suite.ts';
import { actionChecks } from './actions/index.ts';

cloudSuite(actionChecks);
