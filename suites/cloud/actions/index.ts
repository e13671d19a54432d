import type { CloudCheck } from '../support/check.ts';
import cancelFlag from './cancel-flag.ts';
import cancelRetry from './cancel-retry.ts';
import cancelRetried from './cancel-retried.ts';
import endDate from './end-date.ts';
import logs from './logs.ts';
import list from './list.ts';
import record from './record.ts';
import related from './related.ts';
import syncBesideAsync from './sync-beside-async.ts';

export const actionChecks: CloudCheck[] = [
  ...record,
  ...syncBesideAsync,
  ...endDate,
  ...list,
  ...related,
  ...cancelRetry,
  ...cancelRetried,
  ...cancelFlag,
  ...logs,
];
