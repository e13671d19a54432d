import { cloudSuite } from './support/suite.ts';
import { streamChecks } from './stream/index.ts';

cloudSuite(streamChecks);
