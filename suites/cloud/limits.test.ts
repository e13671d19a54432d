import { cloudSuite } from './support/suite.ts';
import { limitChecks } from './limits/index.ts';

cloudSuite(limitChecks);
