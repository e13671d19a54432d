import type { CloudCheck } from '../support/check.ts';
import dates from './dates.ts';
import hardware from './hardware.ts';
import list from './list.ts';
import operations from './operations.ts';
import states from './states.ts';
import transitionalFilter from './transitional-filter.ts';

export const nodeChecks: CloudCheck[] = [...operations, ...list, ...states, ...transitionalFilter, ...dates, ...hardware];
