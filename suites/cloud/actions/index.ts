import type { CloudCheck } from '../support/check.ts';
import cancelRetry from './cancel-retry.ts';
import logs from './logs.ts';
import list from './list.ts';
import record from './record.ts';
import related from './related.ts';

export const actionChecks: CloudCheck[] = [...record, ...list, ...related, ...cancelRetry, ...logs];
