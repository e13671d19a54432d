import { filterCombinationCheck } from '../support/filter-combinations.ts';
import { filterCheck } from '../support/filters.ts';
import { CATALOG } from '../support/infra.ts';

export default [
  filterCheck(
    { id: 'cloud/provider/list/filter-name', endpoint: 'cloud/provider/list', path: CATALOG.provider, param: 'name' },
    'Query name on the provider list returns only the providers of that name',
  ),
  filterCheck(
    { id: 'cloud/region/list/filter-name', endpoint: 'cloud/region/list', path: CATALOG.region, param: 'name' },
    'Query name on the region list returns only the regions of that name',
  ),
  filterCheck(
    { id: 'cloud/region/list/filter-provider', endpoint: 'cloud/region/list', path: CATALOG.region, param: 'provider' },
    'Query provider (URI) on the region list returns only the regions of that provider',
  ),
  filterCheck(
    { id: 'cloud/az/list/filter-name', endpoint: 'cloud/az/list', path: CATALOG.az, param: 'name' },
    'Query name on the availability zone list returns only the zones of that name',
  ),
  filterCheck(
    { id: 'cloud/az/list/filter-region', endpoint: 'cloud/az/list', path: CATALOG.az, param: 'region' },
    'Query region (URI) on the availability zone list returns only the zones of that region',
  ),
  filterCheck(
    { id: 'cloud/nodetype/list/filter-name', endpoint: 'cloud/nodetype/list', path: CATALOG.nodetype, param: 'name' },
    'Query name on the node type list returns only the node types of that name',
  ),
  filterCheck(
    { id: 'cloud/nodetype/list/filter-regions', endpoint: 'cloud/nodetype/list', path: CATALOG.nodetype, param: 'regions' },
    'Query regions (URI) on the node type list returns only the node types offered in that region',
  ),
  filterCheck(
    { id: 'cloud/nodetype/list/filter-availability-zones', endpoint: 'cloud/nodetype/list', path: CATALOG.nodetype, param: 'availability_zones' },
    'Query availability_zones (URI) on the node type list returns only the node types offered in that zone',
  ),
  // Filters given together all apply: the catalog's names are unique in their list, so a name and another object's
  // provider, region or zone keep nothing together (a target that drops one answers the other's objects).
  filterCombinationCheck({ resource: 'region', path: CATALOG.region, params: ['name', 'provider'] }),
  filterCombinationCheck({ resource: 'az', path: CATALOG.az, params: ['name', 'region'] }),
  filterCombinationCheck({ resource: 'nodetype', path: CATALOG.nodetype, params: ['name', 'regions', 'availability_zones'] }),
];
