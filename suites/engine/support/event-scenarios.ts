/**
 * Operations whose events the event checks read: each scenario does its work after noting the
 * time, then reads the events since then about its own resources (a real daemon has other
 * activity), until the scenario's last event has arrived.
 */
import type { EngineContext } from './context.ts';
import { waitExecExitCode } from './exec.ts';
import { pollState } from './lifecycle.ts';
import { CheckFailure, CheckSkipped } from '../../../harness/check/signals.ts';
import { about, attributesOf, eventsOf, hasKinds, isAbout, kindsOf, nowSeconds, readEvents, typeOf, type EngineEvent } from './events.ts';
import { ownImage, sameImage, sameRef, tagged } from './images.ts';
import { connect, createNetwork, createVolume, disconnect, v122 } from './resources.ts';

/** A step of a scenario: the operation, named by the event kind it is expected to produce. */
export interface Step {
  op: string;
  run(): Promise<void>;
}

export interface ScenarioResult {
  /** Events whose subject is the container, or that name it (network connect/disconnect). */
  events: EngineEvent[];
  /** When each operation started (ms), to attribute events to operations where timeNano allows. */
  marks: Array<{ op: string; atMs: number }>;
}

/** Runs the steps in order against one container, ending with its removal, and reads its events. */
export async function containerScenario(ctx: EngineContext, id: string, since: number, steps: Step[]): Promise<ScenarioResult> {
  const marks = await runSteps(ctx, [...steps, removeStep(ctx, id)]);
  const read = await readEvents(ctx, { since }, { enough: (all) => hasKinds('destroy')(about(all, id)) });
  return { events: read.events.filter((e) => isAbout(e, id) || attributesOf(e).container === id), marks };
}

/** Runs the steps in order (a refused one noted and left out); when each started. */
export async function runSteps(ctx: EngineContext, steps: Step[]): Promise<ScenarioResult['marks']> {
  const marks: ScenarioResult['marks'] = [];
  for (const step of steps) {
    marks.push({ op: step.op, atMs: Date.now() });
    await ranOrNoted(ctx, step);
  }
  return marks;
}

/**
 * Runs a step; a step the target refuses is left out with a note, since the endpoint's own checks
 * judge it and the scenario is about the events of the steps that ran.
 */
async function ranOrNoted(ctx: EngineContext, step: Step): Promise<void> {
  try {
    await step.run();
  } catch (err) {
    // A refused step is a precondition that did not hold (expectOk): noted, and the scenario goes on.
    if (!(err instanceof CheckFailure || err instanceof CheckSkipped)) throw err;
    ctx.observe(`step ${step.op} left out of the scenario: ${err.message}`);
  }
}

export function removeStep(ctx: EngineContext, id: string): Step {
  return { op: 'destroy', run: async () => expectOk(ctx, await ctx.api.delete(`/containers/${id}`, { force: true }), 'removing the container') };
}

/** The steps that drive a running container through the kinds both versions list. */
export function lifecycleSteps(ctx: EngineContext, id: string): Step[] {
  const post = (path: string, query?: Record<string, string | number>) => async () =>
    expectOk(ctx, await ctx.api.post(`/containers/${id}${path}`, query ? { query } : {}), `POST ${path}`);
  // Docker at times answers pause and unpause before the container's state has changed: it then
  // refused the unpause that followed (500) or the exec (409 "is paused"), and the scenario lost
  // those steps. Each goes on once inspect shows the state its operation leads to.
  const settledIn = (path: string, paused: boolean) => async () => {
    await post(path)();
    await pollState(ctx, id, (s) => (s.Paused === true) === paused);
  };
  return [
    { op: 'pause', run: settledIn('/pause', true) },
    { op: 'unpause', run: settledIn('/unpause', false) },
    { op: 'exec_create', run: async () => void (await execDetached(ctx, id)) },
    { op: 'export', run: async () => expectOk(ctx, await ctx.api.get(`/containers/${id}/export`), 'GET /export') },
    { op: 'kill', run: post('/kill', { signal: 'SIGWINCH' }) },
    { op: 'restart', run: post('/restart', { t: 1 }) },
    { op: 'stop', run: post('/stop', { t: 1 }) },
  ];
}

/**
 * Exec create + start (detached) of `true`, waited for until it has an ExitCode: the exec_create
 * and exec_start events, and whatever the target emits when an exec ends, all before the next
 * step. Unwaited, a restart that followed raced the exec's end, and Docker's exec_die came in
 * some runs and not in others.
 */
export async function execDetached(ctx: EngineContext, id: string): Promise<string> {
  const created = await ctx.api.post(`/containers/${id}/exec`, { json: { Cmd: ['true'], AttachStdout: false, AttachStderr: false } });
  expectOk(ctx, created, 'exec create');
  const execId = ctx.expectJson<{ Id: string }>(created, 'exec create response').Id;
  expectOk(ctx, await ctx.api.post(`/exec/${execId}/start`, { json: { Detach: true, Tty: false } }), 'exec start');
  await waitExecExitCode(ctx, execId);
  return execId;
}

export function expectOk(ctx: EngineContext, res: { status: number; text(): string }, what: string): void {
  ctx.precondition(res.status < 300 || res.status === 304, `${what} answered ${res.status}: ${res.text().trim().slice(0, 200)}`);
}

/** Volume lifecycle: create, mount and unmount (a container using it runs and exits), destroy. */
export async function volumeScenario(ctx: EngineContext): Promise<{ name: string; events: EngineEvent[] }> {
  const since = nowSeconds();
  const { Name } = await createVolume(ctx);
  const c = await ctx.createContainer({ cmd: ['true'], hostConfig: { Binds: [`${Name}:/data`] } });
  await ctx.start(c.id);
  await ctx.waitExit(c.id);
  expectOk(ctx, await ctx.api.delete(`/containers/${c.id}`, { force: true }), 'removing the container');
  expectOk(ctx, await ctx.api.raw('DELETE', v122(`/volumes/${Name}`)), 'removing the volume');
  return { name: Name, events: await eventsOf(ctx, since, Name, hasKinds('destroy')) };
}

/** Network lifecycle: create, connect and disconnect a running container, destroy. */
export async function networkScenario(ctx: EngineContext): Promise<{ id: string; name: string; container: string; events: EngineEvent[] }> {
  const since = nowSeconds();
  const { id, name } = await createNetwork(ctx);
  const c = await ctx.runningContainer(['sleep', '300'], { networked: true });
  expectOk(ctx, await connect(ctx, id, c.id), 'connect');
  expectOk(ctx, await disconnect(ctx, id, c.id), 'disconnect');
  expectOk(ctx, await ctx.api.raw('DELETE', v122(`/networks/${id}`)), 'removing the network');
  return { id, name, container: c.id, events: await eventsOf(ctx, since, id, hasKinds('destroy')) };
}

/** Image lifecycle: imported, tagged, the tag removed, removed through its last name; its image events (import, tag, untag, delete). */
export async function imageScenario(ctx: EngineContext): Promise<{ ref: string; events: EngineEvent[] }> {
  const since = nowSeconds();
  const own = await ownImage(ctx, 'image-events');
  const alias = await tagged(ctx, own.ref, ctx.uniqueName('image-events-alias'), 'x');
  expectOk(ctx, await ctx.api.delete(`/images/${alias}`), 'removing the tag');
  expectOk(ctx, await ctx.api.delete(`/images/${own.ref}`), 'removing the image through its last name');
  const actor = (e: EngineEvent): unknown => (e.Actor as { ID?: unknown } | undefined)?.ID;
  const ours = (e: EngineEvent): boolean =>
    typeOf(e) === 'image' &&
    ([e.id, actor(e)].some((s) => typeof s === 'string' && sameImage(s, own.id)) ||
      [own.ref, alias].some((r) => sameRef(String(attributesOf(e).name ?? ''), r)));
  const read = await readEvents(ctx, { since }, { enough: (all) => hasKinds('delete')(all.filter(ours)) });
  return { ref: own.ref, events: read.events.filter(ours) };
}

/** Kinds missing from the events, and kinds the events have that the list does not. */
export function kindDiff(events: EngineEvent[], expected: readonly string[], allowed: readonly string[]): { missing: string[]; unlisted: string[] } {
  const kinds = kindsOf(events);
  return { missing: expected.filter((k) => !kinds.includes(k)), unlisted: [...new Set(kinds.filter((k) => !allowed.includes(k)))] };
}
