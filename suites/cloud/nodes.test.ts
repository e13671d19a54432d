import { cloudSuite } from './support/suite.ts';
import { nodeChecks } from './nodes/index.ts';

cloudSuite(nodeChecks);
