/** Every daemon-side route (containers, exec, system, events, volumes, networks). */
import type { Router } from '../http/router.ts';
import type { Engine } from '../state/engine.ts';
import { registerListRoute } from './containers-list.ts';
import { registerBasicContainerRoutes } from './containers-basic.ts';
import { registerLifecycleRoutes } from './containers-lifecycle.ts';
import { registerStreamRoutes } from './containers-streams.ts';
import { registerArchiveRoutes } from './containers-archive.ts';
import { registerExecRoutes } from './exec.ts';
import { registerSystemRoutes } from './system.ts';
import { registerEventsRoute } from './events.ts';
import { registerVolumeRoutes } from './volumes.ts';
import { registerNetworkRoutes } from './networks.ts';

export function registerDaemonRoutes(router: Router, engine: Engine): void {
  registerListRoute(router, engine);
  registerBasicContainerRoutes(router, engine);
  registerLifecycleRoutes(router, engine);
  registerStreamRoutes(router, engine);
  registerArchiveRoutes(router, engine);
  registerExecRoutes(router, engine);
  registerSystemRoutes(router, engine);
  registerEventsRoute(router, engine);
  registerVolumeRoutes(router, engine);
  registerNetworkRoutes(router, engine);
}
