import type { EngineCheck } from '../support/check.ts';
import names from './names.ts';
import resources from './resources.ts';
import notShown from './not-shown.ts';

export const limitChecks: EngineCheck[] = [...names, ...resources, ...notShown];
