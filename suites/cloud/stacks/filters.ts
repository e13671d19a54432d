/** Spec: Stacks > GET /api/app/v1/[ns/]stack/ query filters (uuid, name). */
import { appFilterChecks, appFilterCombinationCheck, type AppList } from '../support/app-filters.ts';
import { STACKS } from '../support/app.ts';

const LIST: AppList = { resource: 'stack', path: STACKS, params: ['uuid', 'name'] };

export default [...appFilterChecks(LIST), appFilterCombinationCheck(LIST)];
