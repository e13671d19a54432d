import type { EngineCheck } from '../support/check.ts';
import { sweepChecks } from '../negative/sweep.ts';
import booleans from './booleans.ts';
import filters from './filters.ts';

export const queryChecks: EngineCheck[] = [...booleans, ...filters, ...sweepChecks()];
