import type { CloudCheck } from '../support/check.ts';
import events from './events.ts';
import exec from './exec.ts';
import logs from './logs.ts';
import logsAggregated from './logs-aggregated.ts';
import wss from './wss.ts';

export const streamChecks: CloudCheck[] = [...events, ...logs, ...logsAggregated, ...exec, ...wss];
