/** Spec: Services > GET /api/app/v1/[ns/]service/ query filters (uuid, state, name, stack). */
import { transitionalStateFilterCheck } from '../support/transitional-filter.ts';
import { appFilterChecks, appFilterCombinationCheck, type AppList } from '../support/app-filters.ts';
import { SERVICES } from '../support/app.ts';

const LIST: AppList = { resource: 'service', path: SERVICES, params: ['uuid', 'state', 'name', 'stack'] };

export default [...appFilterChecks(LIST), appFilterCombinationCheck(LIST), transitionalStateFilterCheck('service')];
