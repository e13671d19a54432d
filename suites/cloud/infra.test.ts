import { cloudSuite } from './support/suite.ts';
import { infraChecks } from './infra/index.ts';

cloudSuite(infraChecks);
