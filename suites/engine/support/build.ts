/**
 * POST /build from the checks: a tar context packed here (with `tar-stream`), the build file under
 * the profile's default name (`Vendorfile`) unless told otherwise, the answer read as a stream of
 * `build-stream-object`s. Every image a build names carries the run id, and every intermediate
 * container the output names, or whose command holds the build's marker, is removed after the check.
 */
import { encodeRegistryConfig } from '../../../harness/protocol/registry-auth.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { EngineContext } from './context.ts';
import { compress, type Compression } from './compression.ts';
import {
  expectNoStreamError,
  expectObjectStream,
  expectStreamShapesNoted,
  summarize,
  decodeObjects,
  PROGRESS_OBJECTS,
  type ObjectStream,
} from './image-streams.ts';
import { imageIdOf, removeLater, sameImage } from './images.ts';
import { packTar, type TarFile } from './tar-files.ts';

export interface BuildRequest {
  /** The build file's text, stored under the default name unless `buildFile` says otherwise. */
  buildFile: string;
  /** Where the build file is stored in the context (default: the profile's `Vendorfile`). */
  buildFilePath?: string;
  /** Other files of the context. */
  files?: TarFile[];
  query?: Query;
  compression?: Compression;
  headers?: Record<string, string>;
  /** Send no context in the body (a build whose `remote` names its context; `buildFile` is then unused). */
  noContext?: boolean;
  /**
   * The marker the build file's RUN steps carry (markedBuild): the containers whose
   * Command holds it are the build's intermediate containers whatever its output says, and those
   * left are removed after the check.
   */
  marker?: string;
}

export interface BuildResult {
  res: HttpResponse;
  stream: ObjectStream;
}

export const BUILD_ENDPOINT = 'engine/images/build';

/** The build-file line that starts every build: FROM the fixture image. */
export function fromFixture(ctx: EngineContext): string {
  return `FROM ${ctx.fixtureImage()}`;
}

/** The context archive of a request (compressed as asked; skips when the compressor is missing). */
export async function buildContext(ctx: EngineContext, req: BuildRequest): Promise<Buffer> {
  const path = req.buildFilePath ?? ctx.spell('Vendorfile');
  const tar = await packTar([...(req.files ?? []), { name: path, content: req.buildFile }]);
  const body = compress(tar, req.compression ?? 'identity');
  if (!Buffer.isBuffer(body)) return ctx.skip(body.unavailable);
  return body;
}

/** Sends a build; the answer's objects are decoded (not yet judged) and its containers cleaned up. */
export async function postBuild(ctx: EngineContext, req: BuildRequest): Promise<BuildResult> {
  const body = req.noContext ? Buffer.alloc(0) : await buildContext(ctx, req);
  const { marker } = req;
  // Registered before the build is sent: what it leaves is removed also when the check fails before it looks.
  if (marker)
    ctx.defer(async () => {
      for (const id of (await containersMarked(ctx, marker)) ?? []) await ctx.api.delete(`/containers/${id}`, { force: true });
    });
  for (const t of [req.query?.t ?? []].flat()) removeLater(ctx, String(t));
  // Without the cache unless a check asks for it: two checks (or the 1.18 and 1.22 runs of one
  // check) building the same file would otherwise share one cached image, and the first check's
  // cleanup could remove it while the other still tags it.
  const query = { nocache: true, ...req.query };
  const res = await ctx.api.post('/build', { query, body, headers: { 'content-type': 'application/x-tar', ...req.headers }, timeoutMs: 60_000 });
  const stream = res.status === 200 ? summarize(decodeObjects(ctx, res, 'the build answer')) : summarize([]);
  for (const id of intermediateContainers(stream)) {
    ctx.defer(async () => {
      await ctx.api.delete(`/containers/${id}`, { force: true });
    });
  }
  return { res, stream };
}

/** The ids of the intermediate containers the verbose output names (" ---> Running in <id>"): Docker's wording, which the spec does not fix. */
export function intermediateContainers(stream: ObjectStream): string[] {
  return [...stream.text.matchAll(/Running in ([0-9a-f]{12,64})/g)].map((m) => m[1]!);
}

/** A marker for one build's RUN steps, unique to the check (checks, and the two versions' runs of one check, run side by side). */
const stepMarker = (ctx: EngineContext): string => ctx.uniqueName('step');

/** A RUN step of `program` (`true` or `false`: either ignores its argument) given the marker: its container's command holds the marker. */
const markedRun = (program: 'true' | 'false', marker: string): string => `RUN ${program} ${marker}`;

/** A build of FROM and one RUN step of `program` carrying a marker of its own (removed after the check); returns the answer and the marker. */
export async function markedBuild(ctx: EngineContext, program: 'true' | 'false', query: Query): Promise<{ result: BuildResult; marker: string }> {
  const marker = stepMarker(ctx);
  return { result: await postBuild(ctx, { buildFile: `${fromFixture(ctx)}\n${markedRun(program, marker)}\n`, query, marker }), marker };
}

/** The ids of GET /containers/json?all=1 whose Command holds `marker`; undefined when the answer is not a list. */
async function containersMarked(ctx: EngineContext, marker: string): Promise<string[] | undefined> {
  const res = await ctx.api.get('/containers/json', { all: 1 });
  if (res.status !== 200) return undefined;
  let items: unknown;
  try {
    items = res.json();
  } catch {
    return undefined;
  }
  if (!Array.isArray(items)) return undefined;
  return items.flatMap((c: { Id?: unknown; Command?: unknown }) =>
    typeof c?.Id === 'string' && typeof c.Command === 'string' && c.Command.includes(marker) ? [c.Id] : [],
  );
}

/** What is left of a build's intermediate containers: found by two sources, each independent of the other. */
export interface Intermediates {
  /** The containers of the list (all=1) whose Command holds the build's marker: found whatever the output says. */
  marked: string[];
  /** The ids the output names (" ---> Running in <id>") that are not among `marked`, with the status of their inspect. */
  named: Array<{ id: string; status: number }>;
}

/** The intermediate containers of a build sent with `marker` (postBuild), read after it ended. */
export async function intermediatesAfter(ctx: EngineContext, result: BuildResult, marker: string): Promise<Intermediates> {
  const marked = await containersMarked(ctx, marker);
  ctx.precondition(marked !== undefined, 'GET /containers/json?all=1 did not answer a list', 'engine/containers/list/200-response-schema');
  const named: Intermediates['named'] = [];
  for (const id of intermediateContainers(result.stream)) {
    if (marked!.some((m) => m.startsWith(id) || id.startsWith(m))) continue;
    named.push({ id, status: (await ctx.api.get(`/containers/${id}/json`)).status });
  }
  return { marked: marked!, named };
}

/** The check that judges the shapes of the build stream; other checks only note them. */
export const BUILD_STREAM_CHECK = 'engine/images/build/200-json-stream';

/**
 * A successful build: 200 and no error object. Each object's shape is judged (`judgeShapes`, the
 * stream's own check) or else noted.
 */
export function expectBuildSucceeded(
  ctx: EngineContext,
  result: BuildResult,
  what: string,
  requirement = BUILD_STREAM_CHECK,
  judgeShapes = false,
): ObjectStream {
  const stream = judgeShapes
    ? expectObjectStream(ctx, result.res, 'build-stream-object', what, requirement, [requirement, PROGRESS_OBJECTS])
    : expectStreamShapesNoted(ctx, result.res, 'build-stream-object', what, requirement);
  expectNoStreamError(ctx, stream, what, requirement);
  return stream;
}

/** A name for a built image in the run's namespace. */
export function buildName(ctx: EngineContext, purpose: string): string {
  return ctx.uniqueName(`build-${purpose}`);
}

/**
 * Builds and returns the id of the image `t` names; the output must mention that id (the spec:
 * instructions run "until the new image ID is output").
 */
export async function buildImage(
  ctx: EngineContext,
  purpose: string,
  req: BuildRequest,
  requirement = BUILD_STREAM_CHECK,
  judgeShapes = false,
): Promise<{ id: string; name: string; stream: ObjectStream }> {
  const name = buildName(ctx, purpose);
  const result = await postBuild(ctx, { ...req, query: { t: name, ...req.query } });
  return { ...(await builtImage(ctx, name, result, requirement, judgeShapes)), name };
}

/** The image a build answer `result` made under the name `name` (tagged :latest); see buildImage. */
export async function builtImage(
  ctx: EngineContext,
  name: string,
  result: BuildResult,
  requirement = BUILD_STREAM_CHECK,
  judgeShapes = false,
): Promise<{ id: string; stream: ObjectStream }> {
  const stream = expectBuildSucceeded(ctx, result, `build of ${name}`, requirement, judgeShapes);
  const id = await imageIdOf(ctx, `${name}:latest`, requirement);
  expectOutputsId(ctx, stream, id, requirement);
  return { id, stream };
}

/** The build output names the new image's id (full or short). */
export function expectOutputsId(ctx: EngineContext, stream: ObjectStream, id: string, requirement: string): void {
  const mentioned = [...stream.text.matchAll(/(?:sha256:)?([0-9a-f]{12,64})/g)].map((m) => m[1]!);
  ctx.expect(
    mentioned.some((m) => sameImage(m, id)),
    `the build output does not output the new image ID ${id}`,
    { expected: `an output line naming ${id}`, actual: stream.text.slice(-400), requirement },
  );
}

/**
 * A second entry of every X-Registry-Config the suite sends, for a host no build names. Three `~`
 * and three `?` in a row put both characters only the URL-safe alphabet has (`-`, `_`) in the
 * header whatever the other entries hold: a target that decodes the standard alphabet alone then
 * fails to read the header (without them both alphabets read it alike).
 */
export const URL_SAFE_FILLER = { 'conformance-unused.invalid': { username: 'conformance-unused', password: '~~~???' } } as const;

/** X-Registry-Config for a build: URL-safe base64 of {host: {username, password}}, URL_SAFE_FILLER among the hosts. */
export function registryConfigHeader(hosts: Record<string, { username: string; password: string }>): Record<string, string> {
  return { 'X-Registry-Config': encodeRegistryConfig({ ...URL_SAFE_FILLER, ...hosts }, 'url-safe') };
}
