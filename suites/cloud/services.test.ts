import { cloudSuite } from './support/suite.ts';
import { serviceChecks } from './services/index.ts';

cloudSuite(serviceChecks);
