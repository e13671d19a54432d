import { realTargetSuite } from './real-target-suite.ts';
import { DOCKER } from './targets.ts';

realTargetSuite(DOCKER);
