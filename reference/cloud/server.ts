/** Assembles one running service: world, routes, HTTP front and Stream API on one port. */
import type http from 'node:http';
import type net from 'node:net';
import { createDispatcher } from './http/dispatch.ts';
import { createHttpServer } from './http/server.ts';
import { buildRoutes } from './routes/index.ts';
import { createStreamServer } from './stream/server.ts';
import { createWorld, type World, type WorldOptions } from './world.ts';

export interface CloudService {
  world: World;
  server: http.Server;
  /** Stops timers, closes streams and connections. */
  shutdown(): Promise<void>;
}

export function createCloudService(opts: WorldOptions): CloudService {
  const world = createWorld(opts);
  world.dispatch = createDispatcher(world, buildRoutes(world.spell));
  const stream = createStreamServer(world);
  const server = createHttpServer(world, world.dispatch, (req, socket, head) => stream.onUpgrade(req, socket, head));
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return {
    world,
    server,
    shutdown: () =>
      new Promise<void>((resolve) => {
        world.clock.close();
        stream.closeAll();
        server.close(() => resolve());
        for (const socket of sockets) socket.destroy();
      }),
  };
}
