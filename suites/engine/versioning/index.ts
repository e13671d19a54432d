import type { EngineCheck } from '../support/check.ts';
import versioning from './versioning.ts';

export const versioningChecks: EngineCheck[] = [...versioning];
