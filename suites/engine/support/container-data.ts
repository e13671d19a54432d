/**
 * Helpers for the container data checks (create fields, inspect, top, changes, export, copy):
 * a container's stdout after it ran, tar answers read as entries, and "is the field stored as
 * sent" comparisons that name the requirement a mismatch breaks.
 */
import { isDeepStrictEqual } from 'node:util';
import { loadEndpoints } from '../../../harness/catalog/load.ts';
import type { Endpoint } from '../../../harness/catalog/types.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import { RUN_LABEL } from '../../../harness/fixtures/labels.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { ContainerSpec, CreatedContainer, EngineContext } from './context.ts';
import { demux, logsSession, sessionEndMs } from './streams.ts';
import { readTar, type TarRead } from './tar-files.ts';

/** Runs `cmd` to its end and returns its stdout (read back through the logs). */
export async function stdoutOf(ctx: EngineContext, cmd: string[], spec: Omit<ContainerSpec, 'cmd'> = {}): Promise<string> {
  return stdoutOfRun(ctx, (await ctx.runningContainer(cmd, spec)).id);
}

/** How long the output of an exited container may take to read (a target may send it a byte at a time). */
const OUTPUT_READ_MS = 30_000;

/** What the started container `id` printed on stdout, once it has exited. */
export async function stdoutOfRun(ctx: EngineContext, id: string): Promise<string> {
  await ctx.waitExit(id);
  return wholeStdoutOf(ctx, id);
}

/**
 * The whole stdout of the exited container `id`, or the check cannot verify: a slow or fragmenting
 * target's stream cut short would read as missing output (the effect it should show).
 */
export async function wholeStdoutOf(ctx: EngineContext, id: string): Promise<string> {
  const readMs = Math.max(OUTPUT_READ_MS, sessionEndMs(ctx));
  const logs = await logsSession(ctx, id, { stdout: 1 }, { readMs });
  if (!logs.closed) ctx.preconditionUnmet(`the logs of the exited container did not end within ${readMs} ms: its output is not whole`);
  return demux(logs.data).stdout.toString('utf8');
}

/** A container whose command ran to its end (e.g. a script that changed its filesystem). */
export async function ranContainer(ctx: EngineContext, script: string, owner?: RemovalOwner): Promise<CreatedContainer> {
  const c = await ctx.runningContainer(['sh', '-c', script], owner ? { owner } : {});
  const code = await ctx.waitExit(c.id);
  ctx.precondition(code === 0, `the script ${JSON.stringify(script)} exited with ${code}`);
  return c;
}

/** A script that writes /conformance-written ("written\n"): the container export and copy checks read the file back. */
/**
 * SecurityOpt values that are what the spec calls them, "labeling options for MLS systems": an
 * engine may refuse any other option (1.6 and 1.10 engines refuse a bare `no-new-privileges`).
 */
export const LABELING_OPTIONS: readonly string[] = ['label:disable', 'label:level:s0:c100,c200'];

export const WRITES_A_FILE = 'echo written > /conformance-written';

/** The file's container that ran `script` to its end (file-shared.ts), for checks that only read it. */
export function sharedRanContainer(ctx: EngineContext, script: string): Promise<CreatedContainer> {
  return ctx.file.containers.get(`ran ${script}`, (shared) => ranContainer(ctx, script, shared));
}

/** The tar entries of a 200 answer, or the check fails naming the requirement. */
export async function expectTar(ctx: EngineContext, res: HttpResponse, what: string, requirement?: string): Promise<TarRead[]> {
  try {
    return await readTar(res.body);
  } catch (err) {
    return ctx.fail(`${what}: the body is not a tar stream (${(err as Error).message})`, {
      expected: 'a tar stream',
      actual: res.body.subarray(0, 120).toString('latin1'),
      requirement,
    });
  }
}

export function contentType(res: HttpResponse): string {
  return (res.headers['content-type'] ?? '').split(';')[0]!.trim();
}

/**
 * True when `stored` holds everything `sent` holds: objects may carry more keys (defaults the
 * target fills in), lists must match item by item, scalars must be equal.
 */
export function holds(stored: unknown, sent: unknown): boolean {
  if (Array.isArray(sent)) return Array.isArray(stored) && stored.length === sent.length && sent.every((item, i) => holds(stored[i], item));
  if (sent !== null && typeof sent === 'object') {
    if (stored === null || typeof stored !== 'object' || Array.isArray(stored)) return false;
    return Object.entries(sent).every(([k, v]) => holds((stored as Record<string, unknown>)[k], v));
  }
  return isDeepStrictEqual(stored, sent);
}

/**
 * True when `stored` is a list of the sent items in any order, each once: for lists whose order
 * the spec does not state (capabilities, DNS options, devices...). A list cut short, emptied or
 * holding an item twice does not match. `extras`: items the target adds of its own are allowed,
 * but a sent item must still appear exactly once.
 */
export function holdsEachOnce(sent: readonly unknown[], extras = false): (stored: unknown) => boolean {
  return (stored) => {
    if (!Array.isArray(stored) || (extras ? stored.length < sent.length : stored.length !== sent.length)) return false;
    return sent.every((item) => stored.filter((s) => holds(s, item)).length === 1);
  };
}

/** One create field: what is sent, the requirement it verifies, and how the stored value is judged. */
export interface FieldCase {
  requirement: string;
  field: string;
  value: unknown;
  /** Default: the stored value holds the sent one (see `holds`). */
  matches?: (stored: unknown) => boolean;
}

/**
 * Compares each field as stored (in inspect) with what was sent and records every mismatch,
 * naming the field's requirement (the check goes on, so all mismatches are reported). A create
 * Warning is recorded beside a mismatch as a possible explanation; it never excuses it.
 * `group`: the requirement that the whole group of fields is stored, named with each field's own.
 */
export function expectFieldsStored(
  ctx: EngineContext,
  where: string,
  stored: Record<string, unknown>,
  cases: readonly FieldCase[],
  warnings: readonly string[],
  group?: string,
): void {
  for (const c of cases) {
    const actual = stored[c.field];
    const ok = c.matches ? c.matches(actual) : holds(actual, c.value);
    if (!ok && warnings.length > 0) ctx.observe(`${where}.${c.field} was not stored as sent; the create answer warned: ${warnings.join(' | ')}`);
    ctx.verify(ok, `${where}.${c.field} is not stored as sent on create`, {
      expected: c.value,
      actual,
      requirement: group ? [c.requirement, group] : c.requirement,
    });
  }
}

/** POST /containers/create answering 201, with the container removed after the check. */
export async function createRaw(
  ctx: EngineContext,
  body: Record<string, unknown>,
  name?: string,
  owner?: RemovalOwner,
): Promise<{ res: HttpResponse; id?: string; warnings: string[] }> {
  const res = await ctx.api.post('/containers/create', { json: body, ...(name ? { query: { name } } : {}) });
  if (res.status !== 201) return { res, warnings: [] };
  const created = ctx.expectJson<{ Id: string; Warnings?: string[] | null }>(res, 'container create response');
  if (owner) owner.removeLater(created.Id);
  else ctx.defer(() => ctx.removeContainer(created.Id));
  return { res, id: created.Id, warnings: created.Warnings ?? [] };
}

/** A create body from the fixture image (Cmd `true` unless given), labelled with the run id. */
export function createBody(ctx: EngineContext, fields: Record<string, unknown> = {}): Record<string, unknown> {
  const labels = (fields.Labels as Record<string, string> | undefined) ?? {};
  return { Image: ctx.fixtureImage(), Cmd: ['true'], ...fields, Labels: { ...labels, [RUN_LABEL]: ctx.run.runId } };
}

let endpoints: Endpoint[] | undefined;

/** The content type the catalog (from the spec) gives an endpoint's answer. */
export function catalogContentType(endpointId: string, status = 200): string {
  endpoints ??= loadEndpoints('engine');
  const type = endpoints.find((e) => e.id === endpointId)?.responses.find((r) => r.status === status)?.contentType;
  if (!type) throw new Error(`the catalog gives no content type for ${endpointId} ${status}`);
  return type;
}
