import type { CloudCheck } from '../support/check.ts';
import sequential from './sequential.ts';
import strategies from './strategies.ts';
import tags from './tags.ts';

export const deploymentChecks: CloudCheck[] = [...strategies, ...tags, ...sequential];
