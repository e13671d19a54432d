import type { CloudCheck } from '../support/check.ts';
import dates from './dates.ts';
import list from './list.ts';
import operations from './operations.ts';
import states from './states.ts';

export const nodeChecks: CloudCheck[] = [...operations, ...list, ...states, ...dates];
