import type { EngineCheck } from '../support/check.ts';
import drivers from './drivers.ts';
import limits from './limits.ts';
import logs from './logs.ts';
import properties from './properties.ts';

export const logChecks: EngineCheck[] = [...logs, ...drivers, ...limits, ...properties];
