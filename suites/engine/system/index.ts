import type { EngineCheck } from '../support/check.ts';
import ping from './ping.ts';

export const systemChecks: EngineCheck[] = [...ping];
