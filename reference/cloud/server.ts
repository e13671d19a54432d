/** Assembles one running service: world, routes, HTTP front and Stream API on one address (REST plain, Stream over TLS). */
import type http from 'node:http';
import type net from 'node:net';
import { createDispatcher } from './http/dispatch.ts';
import { createListener } from './http/listener.ts';
import { createHttpServer } from './http/server.ts';
import { buildRoutes } from './routes/index.ts';
import { createStreamServer } from './stream/server.ts';
import { createWorld, type World, type WorldOptions } from './world.ts';

export interface CloudService {
  world: World;
  /** The handlers of REST requests and Stream upgrades, whichever connection they come on. */
  app: http.Server;
  /** What listens: plain connections and TLS ones (reference/cloud/http/listener.ts). */
  server: net.Server;
  /** Whether the Stream API is served over TLS (`wss`): not under `stream-plain-ws`. */
  tls: boolean;
  /** Stops timers, closes streams and connections. */
  shutdown(): Promise<void>;
}

export function createCloudService(opts: WorldOptions): CloudService {
  const world = createWorld(opts);
  world.dispatch = createDispatcher(world, buildRoutes(world.spell));
  const stream = createStreamServer(world);
  const app = createHttpServer(world, world.dispatch, (req, socket, head) => stream.onUpgrade(req, socket, head));
  const listener = createListener(app, !world.faults.has('stream-plain-ws'));
  return {
    world,
    app,
    server: listener.server,
    tls: listener.tls,
    shutdown: () =>
      new Promise<void>((resolve) => {
        world.clock.close();
        stream.closeAll();
        listener.server.close(() => resolve());
        listener.destroyAll();
      }),
  };
}
