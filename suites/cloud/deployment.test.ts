import { cloudSuite } from './support/suite.ts';
import { deploymentChecks } from './deployment/index.ts';

cloudSuite(deploymentChecks);
