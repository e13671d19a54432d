/** Endpoints 42-45: auth, info, version, _ping. */
import os from 'node:os';
import { HttpError, type Router } from '../http/router.ts';
import type { Engine } from '../state/engine.ts';
import { DAEMON_VERSION } from '../server.ts';
import { removedObjects } from '../state/graveyard.ts';
import { HOST_IPV4_FORWARDING } from '../state/runtime-files.ts';

const GO_VERSION = 'go1.5.3';
const GIT_COMMIT = 'reference';

export function registerSystemRoutes(router: Router, engine: Engine): void {
  // The in-memory registry's accounts (engine.logins): 200 on a first successful login, 204 on a repeated one.
  router.add('POST', '/auth', async (ctx) => {
    const body = await ctx.json<{ username?: string; password?: string; serveraddress?: string }>();
    if (!body.username) throw new HttpError(500, 'Error response from daemon: username is required');
    if (ctx.faults.has('auth-login-refused')) throw new HttpError(401, 'login attempt failed: unauthorized');
    const registry = ctx.faults.has('auth-serveraddress-ignored') ? '' : (body.serveraddress ?? '');
    const password = body.password ?? '';
    const known = engine.logins.passwordOf(registry, body.username);
    // Under `blind32-auth-logged-in-user-cached` a user already logged in to the registry is answered from the login cache, password unchecked.
    if (known !== undefined && ctx.faults.has('blind32-auth-logged-in-user-cached')) return ctx.sendStatus(204);
    if (known !== undefined && known !== password && !ctx.faults.has('auth-any-password')) {
      // 500: the endpoint's documented codes are 200, 204 and 500.
      throw new HttpError(500, `Error response from daemon: login attempt to ${body.serveraddress ?? 'the registry'} failed with status: 401 Unauthorized`);
    }
    if (engine.logins.login(registry, body.username, password)) return ctx.sendStatus(204);
    ctx.sendJson(200, { Status: 'Login Succeeded' });
  });

  router.add('GET', '/_ping', (ctx) => {
    if (ctx.faults.has('ping-json')) return ctx.sendJson(200, { status: 'OK' });
    const body = ctx.faults.has('blind2-ping-trailing-newline') ? 'OK\n' : 'OK';
    ctx.res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8', 'Content-Length': body.length });
    ctx.res.end(ctx.req.method === 'HEAD' ? undefined : body);
  });

  router.add('GET', '/version', (ctx) => {
    const version: Record<string, unknown> = {
      Version: DAEMON_VERSION,
      Os: 'linux',
      // Under `blind12-version-kernel-without-flavor` the release is parsed as major.minor.patch and printed without its suffix.
      KernelVersion: ctx.faults.has('blind12-version-kernel-without-flavor') ? os.release().replace(/^(\d+\.\d+(?:\.\d+)?).*$/, '$1') : os.release(),
      GoVersion: GO_VERSION,
      GitCommit: GIT_COMMIT,
      Arch: 'amd64',
      ApiVersion: ctx.version,
    };
    if (ctx.version === '1.22') Object.assign(version, { BuildTime: '2016-03-10T15:54:52.312835708+00:00', Experimental: false });
    // Under `blind14-version-experimental-omitted-false` Experimental is tagged omitempty: false is left out.
    if (ctx.faults.has('blind14-version-experimental-omitted-false') && version.Experimental === false) delete version.Experimental;
    // Under `blind14-version-api-version-v-prefix` ApiVersion is the path segment as routed, with its `v`.
    if (ctx.faults.has('blind14-version-api-version-v-prefix')) version.ApiVersion = `v${ctx.version}`;
    if (ctx.faults.has('version-no-ApiVersion')) delete version.ApiVersion;
    if (ctx.faults.has('version-api-version-release')) version.ApiVersion = DAEMON_VERSION.split('.').slice(0, 2).join('.');
    ctx.sendJson(200, version);
  });

  // The capability flags answer what the reference does: it applies memory, swap and CPU (CFS) limits
  // and the OOM killer setting, and its host forwards IPv4 as a bridge-networking daemon's does
  // (HOST_IPV4_FORWARDING, what a container on the host's network stack reads).
  router.add('GET', '/info', (ctx) => {
    const flag = (value: boolean): boolean | number => (ctx.version === '1.18' && !ctx.faults.has('info-1.18-flags-boolean') ? Number(value) : value);
    const containers = engine.containers.all();
    const count = (status: string): number => containers.filter((c) => c.state.status === status).length;
    const countsZero = ctx.version === '1.18' && ctx.faults.has('blind-info-1.18-counts-zero');
    // A paused container still has State.Running true; counting by that flag puts it among the running ones.
    const pausedAsRunning = ctx.faults.has('blind4-info-paused-counted-running');
    const info: Record<string, unknown> = {
      Containers: countsZero ? 0 : containers.length + (ctx.faults.has('blind6-info-count-keeps-removed') ? removedObjects(engine.containers).length : 0),
      Debug: ctx.faults.has('info-1.22-debug-int') ? 0 : flag(false),
      [ctx.spell('VendorRootDir')]: engine.rootDir,
      Driver: 'overlay',
      DriverStatus: [['Backing Filesystem', 'extfs']],
      ExecutionDriver: 'native-0.2',
      HttpProxy: '',
      HttpsProxy: '',
      ID: 'REFE:RENC:EENG:INE0:0000:0000:0000:0000:0000:0000:0000:0001',
      IPv4Forwarding: flag(HOST_IPV4_FORWARDING),
      // Under `blind34-info-images-counts-tags` the count is of repository tags: a second tag counts again, an untagged image not at all.
      Images: countsZero
        ? 0
        : ctx.faults.has('blind34-info-images-counts-tags')
          ? engine.images.all().reduce((n, image) => n + image.repoTags.length, 0)
          : engine.images.all().length,
      IndexServerAddress: 'https://index.docker.io/v1/',
      InitPath: '/usr/bin/dockerd',
      InitSha1: '',
      KernelVersion: os.release(),
      Labels: [],
      MemTotal: os.totalmem(),
      MemoryLimit: flag(true),
      NCPU: os.cpus().length,
      NEventsListener: engine.events.listenerCount,
      NFd: 20,
      NGoroutines: 30,
      Name: os.hostname(),
      NoProxy: '',
      OperatingSystem: 'Reference Engine (in-memory)',
      RegistryConfig: {
        IndexConfigs: { 'docker.io': { Mirrors: [], Name: 'docker.io', Official: true, Secure: true } },
        InsecureRegistryCIDRs: ['127.0.0.0/8'],
      },
      // The reference applies memory, swap and CPU limits and the OOM killer setting (its containers show them in their cgroup files).
      SwapLimit: flag(true),
      // Under `info-system-time-go-string` Go's default time String form: no T, no fraction, a zone name.
      SystemTime: ctx.faults.has('info-system-time-go-string')
        ? new Date()
            .toISOString()
            .replace('T', ' ')
            .replace(/\.\d+Z$/, ' +0000 UTC')
        : new Date().toISOString(),
    };
    if (ctx.version === '1.22') {
      Object.assign(info, {
        Architecture: 'x86_64',
        ClusterStore: '',
        ContainersRunning: count('running') + count('restarting') + (pausedAsRunning ? count('paused') : 0),
        ContainersStopped: count('exited') + (ctx.faults.has('blind7-info-stopped-excludes-created') ? 0 : count('created')) + count('dead'),
        ContainersPaused: pausedAsRunning ? 0 : count('paused'),
        CpuCfsPeriod: true,
        CpuCfsQuota: true,
        // Under `blind15-info-experimental-build-true` the flag says the experimental API is compiled in, which GET /version denies.
        ExperimentalBuild: ctx.faults.has('blind15-info-experimental-build-true'),
        OomKillDisable: true,
        OSType: 'linux',
        Plugins: { Volume: ['local'], Network: ['bridge', 'null', 'host'] },
        ServerVersion: DAEMON_VERSION,
        SystemStatus: [],
      });
    }
    ctx.sendJson(200, info);
  });
}
