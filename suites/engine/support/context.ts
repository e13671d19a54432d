import type { EngineVersion } from '../../../harness/catalog/types.ts';
import type { RequirementRef } from '../../../harness/check/signals.ts';
import { CheckContext, type ContextBase } from '../../../harness/check/context.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import { RUN_LABEL } from '../../../harness/fixtures/labels.ts';
import type { RunConfig } from '../../../harness/run/config.ts';
import { expectMembers, type Members } from '../../../harness/schema/members.ts';
import type { SchemaSet } from '../../../harness/schema/validator.ts';
import type { HttpResponse, HttpTransport } from '../../../harness/target/http-transport.ts';
import { spell } from '../../../harness/profile.ts';
import { EngineApi } from './api.ts';
import type { EngineFileSetUp } from './file-shared.ts';
import { eventually } from './poll.ts';
import { announcesTraps, TRAPS_SET } from './signal-programs.ts';

export interface ContainerSpec {
  cmd: string[];
  tty?: boolean;
  openStdin?: boolean;
  stdinOnce?: boolean;
  attach?: boolean;
  env?: string[];
  labels?: Record<string, string>;
  hostConfig?: Record<string, unknown>;
  /** Any other create-request fields. */
  extra?: Record<string, unknown>;
  name?: string;
  /**
   * Joins the target's default network, for a check that reads what networking gives a container
   * (NetworkSettings, ports, links). Otherwise a container whose request sets nothing about
   * networking is created without a network (see withoutNetwork).
   */
  networked?: boolean;
  /** Removes the container when it ends instead of the check (a file's shared container). */
  owner?: RemovalOwner;
}

/** Request fields that make a container's networking the subject: such a request keeps its network. */
const NETWORK_FIELDS = [
  'NetworkMode',
  'NetworkDisabled',
  'NetworkingConfig',
  'Dns',
  'DnsSearch',
  'DnsOptions',
  'ExtraHosts',
  'PortBindings',
  'PublishAllPorts',
  'Links',
  'MacAddress',
  'ExposedPorts',
] as const;

/**
 * A create body without networking, unless the check asks for the default network or the body
 * sets a networking field: NetworkDisabled true and NetworkMode none. A real daemon starts such a
 * container for less: Docker 20.10 then skips its network prestart hook (a run of its own binary),
 * and 40 containers created, started, waited for and removed took 38 % less CPU than with
 * NetworkMode none alone. The checks that do not read networking see nothing of the difference.
 */
export function withoutNetwork(body: Record<string, unknown>, networked = false): Record<string, unknown> {
  const hostConfig = (body.HostConfig as Record<string, unknown> | undefined) ?? {};
  if (networked || NETWORK_FIELDS.some((field) => field in body || field in hostConfig)) return body;
  return { NetworkDisabled: true, ...body, HostConfig: { ...hostConfig, NetworkMode: 'none' } };
}

/** What a container create may carry beside its command and name without making the create the check's subject. */
const PLAIN_FIELDS: ReadonlySet<string> = new Set(['cmd', 'name', 'networked', 'owner']);

/**
 * A create of nothing but a command (and a name): its refusal is the create rule's breach, which
 * the create check reports. A request that sets more is the check's own subject.
 */
export function isPlainCreate(spec: ContainerSpec): boolean {
  return Object.entries(spec).every(([field, value]) => PLAIN_FIELDS.has(field) || value === undefined);
}

/** The requirements whose checks report the refusal of the operations the helpers run as set-up. */
export const SET_UP = {
  create: 'engine/containers/create/201-created',
  start: 'engine/containers/start/204-started',
  wait: 'engine/containers/wait/200-status-code',
  inspect: 'engine/containers/inspect/200-response-schema',
  logs: 'engine/containers/logs/query-stdout',
} as const;

export interface CreatedContainer {
  id: string;
  name: string;
}

/** The requirement an answer breaks when it lacks a documented member the helpers read. */
export const SHAPE_DOCUMENTED = 'engine/responses/shape-documented';

/** What the helpers read of container inspect before handing it on: the objects checks open. */
export const INSPECT_MEMBERS: Members = { State: 'object', Config: 'object', HostConfig: 'object', NetworkSettings: 'object' };

/** What an engine check works with: the versioned API, the fixture, and resource helpers. */
export class EngineContext extends CheckContext {
  readonly api: EngineApi;
  /** The containers this check created with nothing but a command (see isPlainCreate). */
  private readonly plain = new Set<string>();

  constructor(
    base: ContextBase,
    readonly run: RunConfig,
    readonly version: EngineVersion,
    transport: HttpTransport,
    /** What the checks of this suite file share (see file-shared.ts). */
    readonly file: EngineFileSetUp,
  ) {
    super(base);
    this.api = new EngineApi(transport, version, this.transcript, (method, path, res) => this.judgeAnswer(method, path, res));
  }

  get schemaSet(): SchemaSet {
    return `engine/${this.version}`;
  }

  /** The spec's neutral identifier in the run's vendor profile (raw-stream type, headers). */
  spell(neutral: string): string {
    return spell(neutral, 'engine', this.run.vendorProfile);
  }

  /** The fixture image, or the check is skipped with the reason it is missing. */
  fixtureImage(): string {
    if (this.run.fixture.image) return this.run.fixture.image;
    return this.skip(`no fixture image: ${this.run.fixture.error ?? 'none was provisioned'}`);
  }

  /** A name unique to this run, within the container-name grammar of the spec. */
  uniqueName(purpose: string): string {
    return `conformance-${this.run.runId}-${purpose}-${Math.random().toString(36).slice(2, 8)}`;
  }

  /** Validates against the schema of this version; problems fail the check. */
  expectVersionSchema<T = Record<string, unknown>>(schema: string, value: unknown, what: string, requirement?: RequirementRef): T {
    return this.expectSchema<T>(this.schemaSet, schema, value, what, requirement);
  }

  /** Creates a labelled container from the fixture and removes it after the check. */
  async createContainer(spec: ContainerSpec): Promise<CreatedContainer> {
    const image = this.fixtureImage();
    const name = spec.name ?? this.uniqueName('c');
    const res = await this.api.post('/containers/create', {
      query: { name },
      json: withoutNetwork(
        {
          Image: image,
          Cmd: spec.cmd,
          Tty: spec.tty ?? false,
          OpenStdin: spec.openStdin ?? false,
          StdinOnce: spec.stdinOnce ?? false,
          AttachStdin: spec.openStdin ?? false,
          AttachStdout: spec.attach ?? true,
          AttachStderr: spec.attach ?? true,
          Env: spec.env ?? [],
          Labels: { ...spec.labels, [RUN_LABEL]: this.run.runId },
          ...spec.extra,
          HostConfig: spec.hostConfig ?? {},
        },
        spec.networked,
      ),
    });
    const said = `creating a container answered ${res.status}: ${res.text().trim().slice(0, 300)}`;
    if (res.status !== 201 && isPlainCreate(spec)) this.preconditionUnmet(said, SET_UP.create);
    // What the request sets beyond a command is the check's subject: its refusal fails the check.
    if (res.status !== 201) this.fail(said, { expected: 201, actual: res.status });
    const id = this.readId(res, 'container create response');
    if (isPlainCreate(spec)) this.plain.add(id);
    if (spec.owner) spec.owner.removeLater(id);
    else this.defer(() => this.removeContainer(id));
    return { id, name };
  }

  /** DELETE of a container the run created, with its volumes, whatever its state. */
  async removeContainer(id: string): Promise<void> {
    await this.api.delete(`/containers/${id}`, { force: true, v: true });
  }

  /**
   * Starts a container the check created. Given `hostMayRefuse` (what the container was created
   * with), a documented server error (500) leaves the check unverified: a host that refuses what
   * the setting needs (a capability, a kernel feature) is not the target's departure.
   */
  async start(id: string, hostMayRefuse?: string): Promise<void> {
    const res = await this.api.post(`/containers/${id}/start`);
    const said = `starting container ${id} answered ${res.status}: ${res.text().trim().slice(0, 300)}`;
    if (res.status === 500 && hostMayRefuse) this.unverified(`the target could not start a container created with ${hostMayRefuse}: ${said}`);
    // A container created with more than a command starts with what it was created with: the check's subject.
    if (res.status !== 204 && this.plain.has(id)) this.preconditionUnmet(said, SET_UP.start);
    if (res.status !== 204) this.fail(said, { expected: 204, actual: res.status });
  }

  /** Creates and starts a container running `cmd`. */
  async runningContainer(cmd: string[] = ['sleep', '300'], spec: Omit<ContainerSpec, 'cmd'> = {}): Promise<CreatedContainer> {
    const container = await this.createContainer({ ...spec, cmd });
    await this.start(container.id);
    return container;
  }

  /**
   * A running signal program (signal-programs.ts) once it has set its traps, for a check that
   * signals it: read through logs, so a target whose logs do not show stdout blocks the check,
   * naming that rule.
   */
  async signalProgram(cmd: readonly string[], spec: Omit<ContainerSpec, 'cmd'> = {}): Promise<CreatedContainer> {
    if (!announcesTraps(cmd)) throw new Error('signalProgram runs one of the programs of signal-programs.ts');
    const container = await this.runningContainer([...cmd], spec);
    await this.setUp(() => this.trapsSet(container.id), SET_UP.logs);
    return container;
  }

  /** Polls the container's output until its program says its traps are set. */
  private async trapsSet(id: string, deadlineMs = 10_000): Promise<void> {
    const printed = (res: HttpResponse): boolean => res.status === 200 && res.text().includes(TRAPS_SET);
    const last = await eventually(() => this.api.get(`/containers/${id}/logs`, { stdout: 1 }), printed, deadlineMs, 20);
    this.precondition(printed(last), `container ${id} did not print '${TRAPS_SET}' (its signal traps set) within ${deadlineMs} ms`, SET_UP.logs);
  }

  /** Waits for the container to exit and returns its exit code (POST /wait). */
  async waitExit(id: string): Promise<number> {
    const res = await this.api.post(`/containers/${id}/wait`, { timeoutMs: 60_000 });
    this.precondition(res.status === 200, `waiting for container ${id} answered ${res.status}`, SET_UP.wait);
    return expectMembers(this, this.expectJson(res, 'wait response'), { StatusCode: 'integer' }, 'wait response', SHAPE_DOCUMENTED).StatusCode as number;
  }

  /** The Id of a create answer, which must be a string for anything to be done with it. */
  readId(res: HttpResponse, what: string, requirement = SHAPE_DOCUMENTED): string {
    return expectMembers(this, this.expectJson(res, what, requirement), { Id: 'string' }, what, requirement).Id as string;
  }

  async inspect(id: string): Promise<Record<string, unknown>> {
    const res = await this.api.get(`/containers/${id}/json`);
    this.precondition(res.status === 200, `inspecting container ${id} answered ${res.status}`, SET_UP.inspect);
    return expectMembers(
      this,
      this.expectJson(res, 'container inspect'),
      INSPECT_MEMBERS,
      'container inspect',
      'engine/containers/inspect/200-response-schema',
    );
  }

  /** The inspect State object (Running, Paused, ExitCode, ...). */
  async state(id: string): Promise<Record<string, unknown>> {
    return ((await this.inspect(id)).State ?? {}) as Record<string, unknown>;
  }
}
