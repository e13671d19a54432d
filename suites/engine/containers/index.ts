import type { EngineCheck } from '../support/check.ts';
import start from './start.ts';

export const containerChecks: EngineCheck[] = [...start];
