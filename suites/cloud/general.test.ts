import { cloudSuite } from './support/suite.ts';
import { generalChecks } from './general/index.ts';

cloudSuite(generalChecks);
