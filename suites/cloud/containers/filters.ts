/** Spec: Containers > GET /api/app/v1/[ns/]container/ query filters (uuid, state, name, service, node). */
import { transitionalStateFilterCheck } from '../support/transitional-filter.ts';
import { appFilterChecks, appFilterCombinationCheck, type AppList } from '../support/app-filters.ts';
import { CONTAINERS } from '../support/app.ts';

const LIST: AppList = { resource: 'container', path: CONTAINERS, params: ['uuid', 'state', 'name', 'service', 'node'] };

export default [...appFilterChecks(LIST), appFilterCombinationCheck(LIST), transitionalStateFilterCheck('container')];
