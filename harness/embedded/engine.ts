import type { EngineVersion } from '../catalog/types.ts';
import type { Outcome } from '../check/outcome.ts';
import { executeCheck } from '../check/execute.ts';
import { provisionFixture, sweepRun } from '../fixtures/engine-fixture.ts';
import { newRunId } from '../fixtures/labels.ts';
import type { RunConfig } from '../run/config.ts';
import { EMBEDDED_REGISTRY, EMBEDDED_REGISTRY_AUTH, embeddedRegistryToken } from '../run/run-conformance.ts';
import { parseTargetUrl, type TargetEndpoint } from '../target/endpoint.ts';
import { HttpTransport } from '../target/http-transport.ts';
import { type EngineFaultName, startEngineServer, type RunningEngineServer } from '../../reference/engine/index.ts';
import { engineBinding } from '../../suites/engine/support/binding.ts';
import type { EngineCheck } from '../../suites/engine/support/check.ts';
import type { MutationHook } from '../mutation/hook.ts';
import { type PrivateSocket, privateSocket } from './private-socket.ts';
import { runChecks, type BatchOptions } from './run-checks.ts';

/** What one batch of checks runs under: the faults switched on (or a mutation hook) and the suite version. */
export interface EmbeddedEngineRun {
  faults?: readonly EngineFaultName[];
  /** A mutant, or the baseline's observer; it replaces `faults` (harness/mutation/hook.ts). */
  mutation?: MutationHook;
  version: EngineVersion;
  checks: EngineCheck[];
  /** Checks at once, and when to stop (a mutant's first kill): one after another to the end by default. */
  batch?: BatchOptions;
}

/**
 * How long the pool's own requests between runs (the sweep, the fixture's upkeep) may wait: they
 * judge nothing, and the checks' short time-out is for verdicts. On a loaded machine (a mutation
 * run beside a real-daemon run) one timed out and ended the whole mutation run.
 */
const HOUSEKEEPING_TIMEOUT_MS = 60_000;

/**
 * One embedded reference daemon and fixture image for many runs of checks, each under its own
 * faults (switched in place) and with its own run id, so that what a run leaves is swept before
 * the next: how the teeth tests prove, fault after fault, that each check fails against a target
 * that breaks its rule, without starting a daemon and importing a fixture every time.
 */
export class EmbeddedEngine {
  private constructor(
    private readonly server: RunningEngineServer,
    private readonly engine: TargetEndpoint,
    private fixture: RunConfig['fixture'],
    private readonly timeoutMs: number,
    private readonly socket: PrivateSocket,
  ) {}

  static async start(timeoutMs = 5000): Promise<EmbeddedEngine> {
    const socket = privateSocket('engine');
    const server = await startEngineServer({ listen: socket.listen }).catch((err: unknown) => {
      socket.remove();
      throw err;
    });
    const engine = parseTargetUrl(server.url);
    try {
      return new EmbeddedEngine(server, engine, await embeddedFixture(engine, newRunId(), HOUSEKEEPING_TIMEOUT_MS), timeoutMs, socket);
    } catch (err) {
      await server.close().finally(socket.remove);
      throw err;
    }
  }

  async run(opts: EmbeddedEngineRun): Promise<Map<string, Outcome>> {
    const runId = newRunId();
    if (opts.mutation) this.server.setMutation(opts.mutation);
    else this.server.setFaults(opts.faults ?? []);
    const binding = engineBinding(embeddedEngineRunConfig(this.engine, this.fixture, runId, opts.version, this.timeoutMs), opts.version);
    try {
      return await runChecks(opts.checks, async (check) => executeCheck(check, await binding.createContext(check), binding.execute), opts.batch ?? {});
    } finally {
      this.server.setMutation(undefined);
      await binding.teardown?.();
      await sweepRun(this.engine, { version: '1.22', runId, timeoutMs: HOUSEKEEPING_TIMEOUT_MS });
      // A login a mutant changed (an empty password) registers that account: the next run would be refused.
      this.server.forgetLogins();
      // A fault that lets a pre-defined network be deleted (blind4-network-predefined-by-id-deletable) took
      // it from every later run on this daemon: their containers then had no bridge (only lo).
      this.server.restoreNetworks();
      await this.keepFixture();
    }
  }

  /**
   * Provisions the fixture image again when a run removed it: under a mutant (a filter ignored, a
   * list answered whole) a check that removes "its" images can remove the fixture too, and every
   * later run on this daemon would then fail for that reason, not its own.
   */
  private async keepFixture(): Promise<void> {
    const image = this.fixture.image;
    if (!image) return;
    const transport = new HttpTransport(this.engine, { timeoutMs: HOUSEKEEPING_TIMEOUT_MS, maxBodyBytes: 1024 * 1024 });
    try {
      const res = await transport.request({ method: 'GET', path: `/v1.22/images/${image}/json` });
      if (res.status === 404) this.fixture = await embeddedFixture(this.engine, newRunId(), HOUSEKEEPING_TIMEOUT_MS);
    } finally {
      await transport.close();
    }
  }

  close(): Promise<void> {
    return this.server.close().finally(this.socket.remove);
  }
}

/** The fixture image of an embedded daemon, provisioned through its API as a run does. */
export async function embeddedFixture(engine: TargetEndpoint, runId: string, timeoutMs: number): Promise<RunConfig['fixture']> {
  const fixture = await provisionFixture(engine, { version: '1.22', runId, rootfsPath: '/bin/busybox', embedded: true, timeoutMs });
  return { rootfsPath: '/bin/busybox', ...('image' in fixture ? { image: fixture.image } : { error: fixture.error }) };
}

/** The run configuration of an engine run, one check at a time, against an embedded daemon. */
export function embeddedEngineRunConfig(
  engine: TargetEndpoint,
  fixture: RunConfig['fixture'],
  runId: string,
  version: EngineVersion,
  timeoutMs: number,
): RunConfig {
  return {
    runId,
    suites: [`engine-${version}`],
    seed: 42,
    timeoutMs,
    concurrency: 1,
    vendorProfile: 'docker',
    embedded: true,
    engine,
    registry: EMBEDDED_REGISTRY,
    registryAuth: EMBEDDED_REGISTRY_AUTH,
    registryToken: embeddedRegistryToken(),
    fixture,
  };
}

/**
 * Embedded daemons for checks run side by side: faults are switched per daemon, so each run
 * borrows a daemon of its own. Most of a teeth run is waiting (for bytes a faulted target never
 * sends, up to the check's deadline), which runs overlap; daemons start on first need.
 */
export class EmbeddedEnginePool {
  private readonly idle: EmbeddedEngine[] = [];
  private readonly all: Promise<EmbeddedEngine>[] = [];
  private readonly waiting: ((engine: EmbeddedEngine) => void)[] = [];

  constructor(private readonly size: number) {}

  async run(opts: EmbeddedEngineRun): Promise<Map<string, Outcome>> {
    const engine = await this.acquire();
    try {
      return await engine.run(opts);
    } finally {
      this.release(engine);
    }
  }

  async close(): Promise<void> {
    await Promise.all(this.all.map(async (e) => (await e).close()));
  }

  private async acquire(): Promise<EmbeddedEngine> {
    const free = this.idle.pop();
    if (free) return free;
    if (this.all.length < this.size) {
      const started = EmbeddedEngine.start();
      this.all.push(started);
      return started;
    }
    return new Promise((resolve) => this.waiting.push(resolve));
  }

  private release(engine: EmbeddedEngine): void {
    const next = this.waiting.shift();
    if (next) next(engine);
    else this.idle.push(engine);
  }
}
