/** The full REST route table. */
import { RouteTable } from '../http/router.ts';
import { addActionRoutes } from './actions.ts';
import { addAppRoutes } from './app.ts';
import { addCatalogRoutes } from './catalog.ts';
import { addInfraRoutes } from './infra.ts';
import { addRepoRoutes } from './repo.ts';

/** `spell` gives the profile's spelling of path segments (vendor-upgrade). */
export function buildRoutes(spell: (text: string) => string): RouteTable {
  const routes = new RouteTable();
  addActionRoutes(routes);
  addCatalogRoutes(routes);
  addInfraRoutes(routes, spell);
  addRepoRoutes(routes);
  addAppRoutes(routes);
  return routes;
}
