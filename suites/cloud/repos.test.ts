import { cloudSuite } from './support/suite.ts';
import { repoChecks } from './repos/index.ts';

cloudSuite(repoChecks);
