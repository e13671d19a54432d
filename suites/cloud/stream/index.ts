import type { CloudCheck } from '../support/check.ts';
import events from './events.ts';
import exec from './exec.ts';
import logs from './logs.ts';

export const streamChecks: CloudCheck[] = [...events, ...logs, ...exec];
