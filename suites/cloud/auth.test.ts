import { cloudSuite } from './support/suite.ts';
import { authChecks } from './auth/index.ts';

cloudSuite(authChecks);
