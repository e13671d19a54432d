/**
 * The engine reference target: an in-memory container engine daemon speaking the engine API at
 * /v1.18/ and /v1.22/ (unversioned paths behave as 1.22), with named faults.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import { createHttpFront } from './server.ts';
import { RouteTable } from './http/router.ts';
import { type EngineFaultName, parseEngineFaults } from './faults.ts';
import { Engine } from './state/engine.ts';
import { engineDeps } from './state/engine-deps.ts';
import { registerDaemonRoutes } from './routes/index.ts';
import { ImageStore } from './images/store.ts';
import { registerImageRoutes } from './images/routes.ts';
import type { EngineDeps } from './deps.ts';
import type { MutationHook } from '../../harness/mutation/hook.ts';

export { ENGINE_FAULTS, parseEngineFaults } from './faults.ts';
export type { EngineFault, EngineFaultArea, EngineFaultName } from './faults.ts';

export interface EngineServerOptions {
  /** `unix:///path.sock` or `tcp://127.0.0.1:PORT` (0 = any free port). */
  listen: string;
  /** Fault names as given (`--fault NAME`): an unknown one is refused. */
  faults?: readonly string[];
  profile?: 'docker' | 'neutral';
}

export interface RunningEngineServer {
  /** `unix:///…` or `tcp://127.0.0.1:PORT`. */
  url: string;
  close(): Promise<void>;
  /** The daemon's state, for tests that seed images or look inside. */
  readonly deps: EngineDeps;
  /** Switches the named faults in place (tests run many faults against one daemon and fixture). */
  setFaults(names: readonly string[]): void;
  /** Forgets the registry logins POST /auth registered: the next run meets a fresh daemon's login history. */
  forgetLogins(): void;
  /** Brings back a pre-defined network a faulted run deleted (bridge, host, none), as a fresh daemon has them. */
  restoreNetworks(): void;
  /** Sets the mutation hook (one mutant, or the baseline's observer), with the faults it switches on; undefined removes it. */
  setMutation(hook: MutationHook | undefined): void;
}

export async function startEngineServer(opts: EngineServerOptions): Promise<RunningEngineServer> {
  const faults = new Set<EngineFaultName>();
  const setFaults = (names: readonly string[]) => {
    const known = parseEngineFaults(names);
    faults.clear();
    for (const name of known) faults.add(name);
  };
  setFaults(opts.faults ?? []);
  const profile = opts.profile ?? 'docker';
  const target = parseListen(opts.listen);
  const engine = new Engine(new ImageStore(), faults, profile);
  const deps = engineDeps(engine);
  const routes = new RouteTable();
  registerDaemonRoutes(routes, engine);
  registerImageRoutes(routes, deps);
  const mutation: { current?: MutationHook } = {};
  const front = createHttpFront({ routes, faults, profile, mutation });

  if (target.kind === 'unix') removeStaleSocket(target.path);
  await new Promise<void>((resolve, reject) => {
    front.server.once('error', reject);
    if (target.kind === 'unix') front.server.listen(target.path, resolve);
    else front.server.listen(target.port, target.host, resolve);
  });
  const url = target.kind === 'unix' ? `unix://${target.path}` : `tcp://${target.host}:${(front.server.address() as AddressInfo).port}`;

  let closing: Promise<void> | undefined;
  return {
    url,
    deps,
    setFaults,
    forgetLogins: () => engine.logins.clear(),
    restoreNetworks: () => engine.networks.restorePredefined(),
    setMutation(hook) {
      mutation.current = hook;
      setFaults(hook?.faults ?? []);
    },
    close: () =>
      (closing ??= (async () => {
        engine.shutdown();
        front.destroyConnections();
        await new Promise<void>((resolve) => front.server.close(() => resolve()));
        if (target.kind === 'unix') fs.rmSync(target.path, { force: true });
      })()),
  };
}

type ListenTarget = { kind: 'unix'; path: string } | { kind: 'tcp'; host: string; port: number };

export function parseListen(listen: string): ListenTarget {
  if (listen.startsWith('unix://')) {
    const path = listen.slice('unix://'.length);
    if (!path.startsWith('/')) throw new Error(`invalid listen address '${listen}': expected unix:///absolute/path.sock`);
    return { kind: 'unix', path };
  }
  const tcp = /^tcp:\/\/([^:/]+|\[[^\]]+\]):(\d+)$/.exec(listen);
  if (tcp) return { kind: 'tcp', host: tcp[1]!.replace(/^\[|\]$/g, ''), port: Number(tcp[2]) };
  throw new Error(`invalid listen address '${listen}': expected unix:///path.sock or tcp://127.0.0.1:PORT`);
}

/** A socket file left by a previous run would make listen() fail with EADDRINUSE. */
function removeStaleSocket(path: string): void {
  try {
    if (fs.statSync(path).isSocket()) fs.rmSync(path);
  } catch {
    // absent: nothing to remove
  }
}
