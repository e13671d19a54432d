/** One container: its stored configuration, its state and its live parts (program, output, stdin). */
import type { ContainerFs } from '../fs/filesystem.ts';
import type { ProgramRun } from '../runtime/program.ts';
import { OutputLog } from './output.ts';
import type { StdinChannel } from './stdin.ts';

export type ContainerStatus = 'created' | 'running' | 'paused' | 'restarting' | 'exited' | 'dead';

/** The create body's top-level fields as stored (Cmd/Entrypoint normalized to lists). */
export interface ContainerConfig {
  Hostname: string;
  Domainname: string;
  User: string;
  AttachStdin: boolean;
  AttachStdout: boolean;
  AttachStderr: boolean;
  Tty: boolean;
  OpenStdin: boolean;
  StdinOnce: boolean;
  Env: string[] | null;
  Cmd: string[] | null;
  Entrypoint: string[] | null;
  Image: string;
  Labels: Record<string, string>;
  Volumes: Record<string, object> | null;
  WorkingDir: string;
  NetworkDisabled: boolean;
  MacAddress: string;
  ExposedPorts: Record<string, object> | null;
  StopSignal: string;
  OnBuild: string[] | null;
  PortSpecs: string[] | null;
  [field: string]: unknown;
}

export type HostConfig = Record<string, unknown> & {
  Binds: string[] | null;
  NetworkMode: string;
  RestartPolicy: { Name: string; MaximumRetryCount: number };
  ReadonlyRootfs: boolean;
};

export interface MountPoint {
  Name: string;
  Source: string;
  Destination: string;
  Driver: string;
  Mode: string;
  RW: boolean;
  Propagation: string;
}

export interface Endpoint {
  NetworkID: string;
  EndpointID: string;
  Gateway: string;
  IPAddress: string;
  IPPrefixLen: number;
  MacAddress: string;
  Aliases: string[] | null;
  Links: string[] | null;
  IPAMConfig: { IPv4Address?: string; IPv6Address?: string } | null;
}

export interface ContainerState {
  status: ContainerStatus;
  pid: number;
  exitCode: number;
  error: string;
  startedAt: Date | undefined;
  finishedAt: Date | undefined;
  oomKilled: boolean;
}

export class Container {
  readonly created = new Date();
  readonly output = new OutputLog();
  readonly execIds = new Set<string>();
  /** Network name → endpoint (connected networks; endpoints get addresses while running). */
  readonly networks = new Map<string, Endpoint>();
  state: ContainerState = { status: 'created', pid: 0, exitCode: 0, error: '', startedAt: undefined, finishedAt: undefined, oomKilled: false };
  restartCount = 0;
  run: ProgramRun | undefined;
  stdin: StdinChannel | undefined;
  tty = { height: 0, width: 0 };
  /** Set by stop: `always`/`unless-stopped` do not bring the container back after it. */
  manuallyStopped = false;
  restartTimer: NodeJS.Timeout | undefined;
  removed = false;
  private readonly exitWaiters = new Set<(code: number) => void>();

  constructor(
    readonly id: string,
    public name: string,
    readonly config: ContainerConfig,
    readonly hostConfig: HostConfig,
    readonly imageId: string,
    readonly fs: ContainerFs,
    readonly mounts: MountPoint[],
  ) {}

  get shortId(): string {
    return this.id.slice(0, 12);
  }

  get isRunning(): boolean {
    return this.state.status === 'running' || this.state.status === 'paused';
  }

  get argv(): string[] {
    return [...(this.config.Entrypoint ?? []), ...(this.config.Cmd ?? [])];
  }

  /** Running, paused or waiting for a policy restart: `wait` blocks until none of these. */
  get isActive(): boolean {
    return this.isRunning || this.state.status === 'restarting';
  }

  /** Started at least once: what a start sets up (its files' paths, its endpoints' NetworkID) stays after it. */
  get everStarted(): boolean {
    return this.state.startedAt !== undefined;
  }

  /** Resolves with the exit code once the container is not active (created ones resolve at once). */
  waitNotRunning(): Promise<number> {
    if (!this.isActive) return Promise.resolve(this.state.exitCode);
    return new Promise((resolve) => this.exitWaiters.add(resolve));
  }

  notifyExit(code: number): void {
    const waiters = [...this.exitWaiters];
    this.exitWaiters.clear();
    for (const waiter of waiters) waiter(code);
  }
}
