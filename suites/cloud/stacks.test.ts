import { cloudSuite } from './support/suite.ts';
import { stackChecks } from './stacks/index.ts';

cloudSuite(stackChecks);
