import type { CloudCheck } from '../support/check.ts';
import limits from './limits.ts';

export const limitChecks: CloudCheck[] = [...limits];
