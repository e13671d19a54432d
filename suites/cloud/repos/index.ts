import type { CloudCheck } from '../support/check.ts';
import registries from './registries.ts';
import repositories from './repositories.ts';

export const repoChecks: CloudCheck[] = [...registries, ...repositories];
