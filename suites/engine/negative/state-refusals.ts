/**
 * Operations an object's state refuses: each code the target answers means what its endpoint lists
 * it for. Whatever error a target gives (its text, and which listed code, are its own), a 404
 * ("no such ...") is not the answer about an object that exists, a 304 ("already started") not the
 * answer about a container that never started, and a success code claims its effect: the answer
 * is judged against what it says happened. The success itself is allowed where the spec does not
 * say the operation is refused (a best-effort duplicate check, a start that fails later).
 * Spec: Errors ("304: container already started", "404: no such container, image, exec instance,
 * volume, network"); the success codes of each endpoint.
 */
import { decodeFrames } from '../../../harness/protocol/frames.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import { archive } from '../support/archive.ts';
import type { EngineContext } from '../support/context.ts';
import { NOT_FOUND } from '../support/every-state.ts';
import { createExec } from '../support/exec.ts';
import { sharedExitedContainer, statusOf } from '../support/lifecycle.ts';
import { connect, createNetwork, PLUGIN_LOOKUP_MS, v122 } from '../support/resources.ts';
import { RAW_STREAM, wsAttach } from '../support/streams.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const ALREADY = 'engine/errors/304-already';
/** A program no image holds: starting it must fail, whatever code the target gives the failure. */
const NO_SUCH_PROGRAM = '/conformance-no-such-program';
/** A kernel memory limit (64 MiB) asked of a running container. */
const KERNEL_MEMORY = 64 * 1024 * 1024;

/** What one request in a state that refuses it showed. */
interface Asked {
  request: string;
  res: HttpResponse;
  /** The id or name of the object the success claim is about. */
  subject: string;
}

interface StateRefusal {
  name: string;
  title: string;
  versions?: EngineCheck['versions'];
  /** Builds the state and sends the request. */
  ask(ctx: EngineContext): Promise<Asked>;
  /** Codes whose listed meaning the state contradicts, each with the rule that gives it that meaning. */
  notMeant: Readonly<Record<number, { requirement: string; because: string }>>;
  /** The rule the check's id names, where it is not the first of its rules (codes come in ascending order). */
  idRule?: string;
  /**
   * A route some targets do not serve: a 404 blocks the check when a valid request of the same
   * object is answered 404 too (the route's own check reports that), instead of failing it.
   */
  served?: { requirement: string; status(ctx: EngineContext, subject: string): Promise<number> };
  /** A success answer's claim, where the state can contradict it: undefined when it holds, else what contradicts it. */
  success?: { requirement: string; contradiction(ctx: EngineContext, asked: Asked): Promise<string | undefined> };
}

/** A container that exists: a 404 about it says otherwise. */
const EXISTS = { requirement: NOT_FOUND, because: 'the container exists' };

/** A container whose program is missing, created for the check (never started). */
async function withoutProgram(ctx: EngineContext): Promise<string> {
  return (await ctx.setUp(() => ctx.createContainer({ cmd: [NO_SUCH_PROGRAM] }))).id;
}

/** After a start or restart the target called a success, the container has run (inspect shows it started). */
async function neverStarted(ctx: EngineContext, id: string): Promise<string | undefined> {
  const state = ((await ctx.inspect(id)).State ?? {}) as Record<string, unknown>;
  return statusOf(state) === 'created' ? `inspect shows the container never started (StartedAt ${String(state.StartedAt)})` : undefined;
}

function idOf(res: HttpResponse): string | undefined {
  try {
    const id = (res.json() as { Id?: unknown }).Id;
    return typeof id === 'string' && id ? id : undefined;
  } catch {
    return undefined;
  }
}

const REFUSALS: readonly StateRefusal[] = [
  {
    name: 'start-without-program',
    title: 'POST /start of a container whose program the image does not hold: not 404, not 304, and no success unless it started',
    async ask(ctx) {
      const id = await withoutProgram(ctx);
      return { request: `POST /containers/${id.slice(0, 12)}/start`, res: await ctx.api.post(`/containers/${id}/start`), subject: id };
    },
    notMeant: { 404: EXISTS, 304: { requirement: ALREADY, because: 'the container never started' } },
    success: { requirement: 'engine/containers/start/204-started', contradiction: (ctx, a) => neverStarted(ctx, a.subject) },
  },
  {
    name: 'restart-without-program',
    title: 'POST /restart of a container whose program the image does not hold: not 404, and no success unless it started',
    async ask(ctx) {
      const id = await withoutProgram(ctx);
      const res = await ctx.api.post(`/containers/${id}/restart`, { query: { t: 0 } });
      return { request: `POST /containers/${id.slice(0, 12)}/restart`, res, subject: id };
    },
    notMeant: { 404: EXISTS },
    success: { requirement: 'engine/containers/restart/204-restarted', contradiction: (ctx, a) => neverStarted(ctx, a.subject) },
  },
  {
    name: 'exec-create-exited',
    title: '(1.22) POST /exec in a container that has exited: not 404, and a 201 names an exec instance that exists',
    versions: ['1.22'],
    async ask(ctx) {
      const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
      const res = await ctx.api.post(`/containers/${id}/exec`, { json: { Cmd: ['true'] } });
      return { request: `POST /containers/${id.slice(0, 12)}/exec`, res, subject: id };
    },
    notMeant: { 404: EXISTS },
    success: {
      requirement: 'engine/exec/create/201-response-schema',
      async contradiction(ctx, { res }) {
        const id = idOf(res);
        if (!id) return `the answer names no exec instance: ${res.text().trim().slice(0, 120)}`;
        const inspected = await ctx.api.get(`/exec/${id}/json`);
        return inspected.status === 200 ? undefined : `GET /exec/${id.slice(0, 12)}/json answered ${inspected.status}`;
      },
    },
  },
  {
    name: 'commit-bad-change',
    title: 'POST /commit of a container with a change that is no build-file instruction: not 404, and a 201 names an image that exists',
    async ask(ctx) {
      const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
      const res = await ctx.api.post('/commit', { query: { container: id, changes: 'NOTANINSTRUCTION x' }, json: {} });
      const image = res.status === 201 ? idOf(res) : undefined;
      if (image) ctx.defer(async () => void (await ctx.api.raw('DELETE', ctx.api.path(`/images/${image}`), { query: { force: 1 } })));
      return { request: `POST /commit?container=${id.slice(0, 12)}&changes=NOTANINSTRUCTION x`, res, subject: id };
    },
    notMeant: { 404: { requirement: 'engine/images/commit/404-no-such-container', because: 'the container exists' } },
    success: {
      requirement: 'engine/images/commit/201-response-schema',
      async contradiction(ctx, { res }) {
        const image = idOf(res);
        if (!image) return `the answer names no image: ${res.text().trim().slice(0, 120)}`;
        const inspected = await ctx.api.get(`/images/${image}/json`);
        return inspected.status === 200 ? undefined : `GET /images/${image.slice(0, 19)}/json answered ${inspected.status}`;
      },
    },
  },
  {
    name: 'logs-driver-none',
    title: 'GET /logs of a container whose log driver is none: not 404 (the container exists), and a 200 is a raw stream',
    async ask(ctx) {
      const { id } = await ctx.setUp(() => ctx.createContainer({ cmd: ['echo', 'unlogged'], hostConfig: { LogConfig: { Type: 'none', Config: {} } } }));
      await ctx.setUp(async () => {
        await ctx.start(id);
        await ctx.waitExit(id);
      });
      const res = await ctx.api.get(`/containers/${id}/logs`, { stdout: 1, stderr: 1 });
      return { request: `GET /containers/${id.slice(0, 12)}/logs?stdout=1&stderr=1 (LogConfig none)`, res, subject: id };
    },
    notMeant: { 404: { requirement: 'engine/containers/logs/404-no-such-container', because: 'the container exists' } },
    // Logs work only for json-file and journald: an error is the expected answer, but a target
    // that serves them anyway (or serves nothing) must still answer the raw stream its 200 names.
    success: {
      requirement: 'engine/containers/logs/200-raw-stream',
      async contradiction(_ctx, { res }) {
        const broken = decodeFrames([res.body]).diagnostics.filter((d) => d.severity === 'violation');
        return broken.length ? `the body is no multiplexed stream (the container has no tty): ${broken[0]!.message}` : undefined;
      },
    },
  },
  {
    name: 'delete-link-own-name',
    title: "DELETE /containers/(name)?link=1 of a container's own name, which is no link: not 404 (the container exists)",
    async ask(ctx) {
      const { id, name } = await ctx.setUp(() => ctx.createContainer({ cmd: ['true'] }));
      const res = await ctx.api.delete(`/containers/${name}`, { link: true });
      return { request: `DELETE /containers/${name}?link=1`, res, subject: id };
    },
    notMeant: { 404: { requirement: 'engine/containers/delete/404-no-such-container', because: 'the container exists (its own name is no link to remove)' } },
  },
  {
    name: 'update-kernel-memory-running',
    title: '(1.22) POST /update of KernelMemory on a running container: not 404 (the container exists), and a 200 applied it',
    versions: ['1.22'],
    async ask(ctx) {
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300']));
      const res = await ctx.api.post(`/containers/${id}/update`, { json: { KernelMemory: KERNEL_MEMORY } });
      return { request: `POST /containers/${id.slice(0, 12)}/update {KernelMemory: ${KERNEL_MEMORY}} (running)`, res, subject: id };
    },
    notMeant: { 404: { requirement: 'engine/containers/update/404-no-such-container', because: 'the container exists' } },
    served: {
      requirement: 'engine/containers/update/200-response-schema',
      status: async (ctx, id) => (await ctx.api.post(`/containers/${id}/update`, { json: { CpuShares: 512 } })).status,
    },
    // Some hosts cannot change a running container's kernel memory: an error is allowed, a 200 claims the update.
    success: {
      requirement: 'engine/containers/update/body-resource-fields',
      async contradiction(ctx, { subject }) {
        const shown = ((await ctx.inspect(subject)).HostConfig as Record<string, unknown> | undefined)?.KernelMemory;
        return shown === KERNEL_MEMORY ? undefined : `inspect shows HostConfig.KernelMemory ${String(shown)}, not ${KERNEL_MEMORY}`;
      },
    },
  },
  {
    name: 'resize-exited',
    title: 'POST /resize of a container that has exited: not 404 (the container exists)',
    async ask(ctx) {
      const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
      const res = await ctx.api.post(`/containers/${id}/resize`, { query: { h: 40, w: 100 } });
      return { request: `POST /containers/${id.slice(0, 12)}/resize?h=40&w=100 (exited)`, res, subject: id };
    },
    // Whether a stopped container may be resized is not stated (a resize takes effect at the next start).
    notMeant: { 404: { requirement: 'engine/containers/resize/404-no-such-container', because: 'the container exists' } },
  },
  {
    name: 'copy-empty-resource',
    title: 'POST /copy with an empty Resource: not 404 (the container exists)',
    async ask(ctx) {
      const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
      const res = await ctx.api.post(`/containers/${id}/copy`, { json: { Resource: '' } });
      return { request: `POST /containers/${id.slice(0, 12)}/copy {Resource: ''}`, res, subject: id };
    },
    notMeant: { 404: { requirement: 'engine/containers/copy/404-no-such-container', because: 'the container exists' } },
    served: {
      requirement: 'engine/containers/copy/200-tar-stream',
      status: async (ctx, id) => (await ctx.api.post(`/containers/${id}/copy`, { json: { Resource: '/bin' } })).status,
    },
  },
  {
    name: 'attach-ws-without-handshake',
    title: 'GET /attach/ws sent as a plain request, without the WebSocket handshake: not 404 (the container exists), not 200 (no session can be established)',
    async ask(ctx) {
      const { id } = await ctx.setUp(() => sharedExitedContainer(ctx));
      const res = await ctx.api.get(`/containers/${id}/attach/ws`, { logs: 1, stdout: 1 });
      return { request: `GET /containers/${id.slice(0, 12)}/attach/ws (no Upgrade)`, res, subject: id };
    },
    notMeant: {
      404: { requirement: 'engine/containers/attach-ws/404-no-such-container', because: 'the container exists' },
      200: { requirement: 'engine/containers/attach-ws/200-websocket-session', because: 'a session is established per RFC 6455, by its handshake' },
    },
    served: {
      requirement: 'engine/containers/attach-ws/200-websocket-session',
      status: async (ctx, id) => (await wsAttach(ctx, id, { logs: 1, stdout: 1 }, { readMs: 1000 })).status,
    },
  },
  {
    name: 'archive-put-not-a-tar',
    title: '(1.22) PUT /archive?path=/ with a body that is no tar archive: not 404 (the container and / exist), not 403 (nothing is read-only), not 200',
    versions: ['1.22'],
    async ask(ctx) {
      const { id } = await ctx.setUp(() => ctx.createContainer({ cmd: ['true'] }));
      const res = await archive(ctx, 'PUT', id, { path: '/' }, Buffer.from('this is not a tar archive\n'.repeat(64)));
      return { request: `PUT /containers/${id.slice(0, 12)}/archive?path=/ (no tar archive)`, res, subject: id };
    },
    notMeant: {
      404: { requirement: 'engine/containers/archive-put/404-no-such-path', because: 'the container and its directory / exist' },
      403: { requirement: 'engine/containers/archive-put/403-read-only', because: 'neither its root filesystem nor a volume is read-only' },
    },
    success: {
      requirement: 'engine/containers/archive-put/200-extracted',
      contradiction: async () => 'the body is no tar archive (the body is a tar stream): there is nothing to extract',
    },
  },
  {
    name: 'network-connect-connected',
    title: '(1.22) POST /networks/(id)/connect of a container already connected to it: not 404 (both exist)',
    versions: ['1.22'],
    async ask(ctx) {
      const { id: network } = await ctx.setUp(() => createNetwork(ctx));
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { networked: true }));
      const first = await ctx.setUp(() => connect(ctx, network, id));
      if (first.status !== 200) ctx.blockedBy('engine/networks/connect/200-connected', `the first connect answered ${first.status}`);
      return { request: `POST /networks/${network.slice(0, 12)}/connect (again)`, res: await connect(ctx, network, id), subject: network };
    },
    // Connected it is: a success claims nothing the state contradicts.
    notMeant: { 404: { requirement: NOT_FOUND, because: 'the network and the container exist' } },
  },
  {
    name: 'exec-start-exited',
    // 1.22 lists 409 and 500 for an exec start; 1.18 lists no error a stopped container could be given.
    title:
      '(1.22) POST /exec/(id)/start of an exec instance whose container has stopped since: not 404 (the exec instance exists), and a 200 is the raw stream',
    versions: ['1.22'],
    async ask(ctx) {
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300']));
      const exec = await ctx.setUp(() => createExec(ctx, id, { Cmd: ['true'] }));
      await ctx.setUp(async () => void (await ctx.api.post(`/containers/${id}/stop`, { query: { t: 0 } })));
      // The spec does not say an exec instance outlives its container's stop (Docker removes it then).
      const inspected = await ctx.api.get(`/exec/${exec}/json`);
      if (inspected.status === 404)
        ctx.skip('unverified: the target removed the exec instance when its container stopped (its inspect answers 404), which the spec allows');
      const res = await ctx.api.post(`/exec/${exec}/start`, { json: { Detach: false, Tty: false }, timeoutMs: 5000 });
      return { request: `POST /exec/${exec.slice(0, 12)}/start (container stopped)`, res, subject: exec };
    },
    notMeant: { 404: { requirement: 'engine/exec/start/404-no-such-exec', because: 'the exec instance exists' } },
    success: {
      requirement: 'engine/exec/start/200-raw-stream',
      async contradiction(ctx, { res }) {
        const type = res.headers['content-type'];
        return type === ctx.spell(RAW_STREAM) ? undefined : `its Content-Type is ${String(type)}, not the raw stream a 200 starts`;
      },
    },
  },
  {
    name: 'network-disconnect-not-connected',
    title: '(1.22) POST /networks/(id)/disconnect of a container not connected to it: not 404 (both exist)',
    versions: ['1.22'],
    async ask(ctx) {
      const { id: network } = await ctx.setUp(() => createNetwork(ctx));
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300']));
      const res = await ctx.api.post(`/networks/${network}/disconnect`, { json: { Container: id } });
      return { request: `POST /networks/${network.slice(0, 12)}/disconnect (not connected)`, res, subject: network };
    },
    // Not connected it is: a success claims nothing the state contradicts.
    notMeant: { 404: { requirement: NOT_FOUND, because: 'the network and the container exist' } },
  },
  {
    name: 'network-delete-in-use',
    title:
      '(1.22) DELETE /networks/(id) of a network a running container is connected to: not 404, not 403 (not pre-defined), and a 200 leaves no such network',
    versions: ['1.22'],
    async ask(ctx) {
      const { id: network } = await ctx.setUp(() => createNetwork(ctx));
      const { id } = await ctx.setUp(() => ctx.runningContainer(['sleep', '300'], { networked: true }));
      const joined = await ctx.setUp(() => connect(ctx, network, id));
      if (joined.status !== 200) ctx.blockedBy('engine/networks/connect/200-connected', `the connect answered ${joined.status}`);
      return { request: `DELETE /networks/${network.slice(0, 12)} (in use)`, res: await ctx.api.delete(`/networks/${network}`), subject: network };
    },
    idRule: NOT_FOUND,
    notMeant: {
      404: { requirement: NOT_FOUND, because: 'the network exists' },
      // 403 is listed for a pre-defined network ("operation not supported for pre-defined networks").
      403: { requirement: 'engine/networks/delete/403-pre-defined-network', because: 'the network is not pre-defined: the check created it' },
    },
    success: {
      requirement: 'engine/networks/delete/200-removed',
      async contradiction(ctx, { subject }) {
        const inspected = await ctx.api.get(`/networks/${subject}`);
        return inspected.status === 404 ? undefined : `GET /networks/${subject.slice(0, 12)} still answers ${inspected.status}`;
      },
    },
  },
  {
    name: 'network-create-duplicate',
    title: '(1.22) POST /networks/create with CheckDuplicate and a name taken, without a Driver: not 404 (no plugin was asked for)',
    versions: ['1.22'],
    async ask(ctx) {
      const { name } = await ctx.setUp(() => createNetwork(ctx));
      const res = await ctx.api.post('/networks/create', { json: { Name: name, CheckDuplicate: true } });
      const id = res.status === 201 ? idOf(res) : undefined;
      if (id) ctx.defer(async () => void (await ctx.api.raw('DELETE', v122(`/networks/${id}`))));
      return { request: `POST /networks/create {Name: ${name}, CheckDuplicate: true}`, res, subject: name };
    },
    // The duplicate check is best effort, not guaranteed: a second network of the name is allowed.
    notMeant: { 404: { requirement: 'engine/networks/create/404-plugin-not-found', because: 'no driver plugin was asked for (the default one)' } },
  },
  {
    name: 'volume-create-unknown-driver',
    title: '(1.22) POST /volumes/create with a Driver no plugin provides: a 201 names a volume that exists',
    versions: ['1.22'],
    async ask(ctx) {
      const name = ctx.uniqueName('vol');
      const res = await ctx.api.post('/volumes/create', { json: { Name: name, Driver: 'conformance-no-such-driver' }, timeoutMs: PLUGIN_LOOKUP_MS });
      if (res.status === 201) ctx.defer(async () => void (await ctx.api.raw('DELETE', v122(`/volumes/${encodeURIComponent(name)}`))));
      return { request: `POST /volumes/create {Name: ${name}, Driver: conformance-no-such-driver}`, res, subject: name };
    },
    notMeant: {},
    success: {
      requirement: 'engine/volumes/create/201-response-schema',
      async contradiction(ctx, { subject: name }) {
        const inspected = await ctx.api.get(`/volumes/${encodeURIComponent(name)}`);
        return inspected.status === 200 ? undefined : `GET /volumes/${name} answered ${inspected.status}`;
      },
    },
  },
];

function refusalCheck(refusal: StateRefusal): EngineCheck {
  const rules = [
    ...new Set([
      ...(refusal.idRule ? [refusal.idRule] : []),
      ...Object.values(refusal.notMeant).map((m) => m.requirement),
      ...(refusal.success ? [refusal.success.requirement] : []),
    ]),
  ];
  return engineCheck({
    id: `${rules[0]}/${refusal.name}`,
    title: refusal.title,
    requirements: rules,
    ...(refusal.versions ? { versions: refusal.versions } : {}),
    async run(ctx) {
      const asked = await refusal.ask(ctx);
      const { status } = asked.res;
      if (status === 404 && refusal.served && (await refusal.served.status(ctx, asked.subject)) === 404)
        ctx.blockedBy(refusal.served.requirement, `${asked.request} answered 404, and so did a valid request of the same object: the route is not served`);
      const shown = `${asked.request} answered ${status} ${asked.res.text().trim().slice(0, 120)}`;
      for (const [code, meaning] of Object.entries(refusal.notMeant)) {
        ctx.verify(status !== Number(code), `${shown}: ${code} says otherwise, but ${meaning.because}`, {
          expected: `not ${code}`,
          actual: status,
          requirement: meaning.requirement,
        });
      }
      if (!refusal.success) return;
      // An error claims nothing: only a success has an effect to hold.
      const contradiction = isSuccess(status) ? await refusal.success.contradiction(ctx, asked) : undefined;
      ctx.verify(!contradiction, `${shown}, a success, but ${contradiction}`, {
        expected: 'an error, or a success whose effect holds',
        actual: contradiction ?? status,
        requirement: refusal.success.requirement,
      });
    },
  });
}

/** One check per state refusal the spec gives codes for. */
export function stateRefusalChecks(): EngineCheck[] {
  return REFUSALS.map(refusalCheck);
}
