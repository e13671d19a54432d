import type { CloudCheck } from '../support/check.ts';
import strategies from './strategies.ts';

export const deploymentChecks: CloudCheck[] = [...strategies];
