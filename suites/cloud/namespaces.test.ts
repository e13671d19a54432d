import { cloudSuite } from './support/suite.ts';
import { namespaceChecks } from './namespaces/index.ts';

cloudSuite(namespaceChecks);
