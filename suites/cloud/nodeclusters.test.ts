import { cloudSuite } from './support/suite.ts';
import { nodeClusterChecks } from './nodeclusters/index.ts';

cloudSuite(nodeClusterChecks);
