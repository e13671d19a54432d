/**
 * Helpers for the 1.22 archive checks (HEAD/GET/PUT /containers/(id)/archive): a container with a
 * known tree put in place through PUT, the path-stat header decoded with the suite's own verifier
 * (harness/protocol/path-stat.ts), and the JSON error bodies the spec asks for on 400 and 404.
 */
import { isJsonObject } from '../../../harness/protocol/json-value.ts';
import { decodePathStat, type PathStat } from '../../../harness/protocol/path-stat.ts';
import type { Query } from '../../../harness/protocol/query.ts';
import type { RemovalOwner } from '../../../harness/check/file-shared.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import { engineCheck, type EngineCheck } from './check.ts';
import type { CreatedContainer, EngineContext } from './context.ts';
import { packTar, type TarFile } from './tar-files.ts';

/** The tree every archive check finds in its container, under /arch. */
export const TREE_ROOT = '/arch';
export const FILE_TEXT = 'hello archive\n';
/**
 * The WorkingDir of the tree's containers: a directory of the image other than the root, from
 * which a relative path (arch/file.txt) does not reach the tree, so that resolving it from the
 * WorkingDir instead of the container root shows.
 */
export const TREE_WORKDIR = '/tmp';
export const TREE: readonly TarFile[] = [
  { name: 'arch/', type: 'directory' },
  { name: 'arch/file.txt', content: FILE_TEXT },
  { name: 'arch/sub/', type: 'directory' },
  { name: 'arch/sub/inner.txt', content: 'inner\n' },
  { name: 'arch/link', type: 'symlink', linkname: '/arch/file.txt' },
  { name: 'arch/dirlink', type: 'symlink', linkname: '/arch/sub' },
  { name: 'arch/rellink', type: 'symlink', linkname: 'sub/inner.txt' },
];

/** A tar holding one small file, x.txt: a body for PUT /archive where the content does not matter. */
export function oneFileTar(): Promise<Buffer> {
  return packTar([{ name: 'x.txt', content: 'x' }]);
}

export function archive(ctx: EngineContext, method: string, id: string, query: Query, body?: Buffer): Promise<HttpResponse> {
  return ctx.api.request(method, `/containers/${id}/archive`, { query, ...(body ? { body, headers: { 'content-type': 'application/x-tar' } } : {}) });
}

const PUT_EXTRACTED = 'engine/containers/archive-put/200-extracted';

/**
 * A created (not started) container holding TREE, put in place with PUT path=/, its WorkingDir
 * TREE_WORKDIR. A refused PUT
 * blocks the check, naming the rule it broke, which the PUT check itself reports (`own`).
 */
export async function containerWithTree(
  ctx: EngineContext,
  hostConfig: Record<string, unknown> = {},
  owner?: RemovalOwner,
  own = false,
): Promise<CreatedContainer> {
  const c = await ctx.createContainer({ cmd: ['sleep', '300'], hostConfig, extra: { WorkingDir: TREE_WORKDIR }, ...(owner ? { owner } : {}) });
  const res = await archive(ctx, 'PUT', c.id, { path: '/' }, await packTar(TREE));
  if (res.status === 200) return c;
  const refused = `PUT /archive?path=/ of the test tree answered ${res.status}: ${res.text().trim().slice(0, 300)}`;
  if (!own) ctx.blockedBy(PUT_EXTRACTED, refused);
  return ctx.fail(refused, { expected: 200, actual: res.status, requirement: PUT_EXTRACTED });
}

/**
 * The file's container holding TREE, for the checks that only read it (HEAD and GET /archive): on a
 * real daemon each PUT of the tree costs a helper process that unpacks it (Docker re-executes
 * itself for every extraction). A check that writes into the tree owns its container.
 */
export function sharedContainerWithTree(ctx: EngineContext): Promise<CreatedContainer> {
  return ctx.file.containers.get('tree', (owner) => containerWithTree(ctx, {}, owner));
}

export function statHeaderName(ctx: EngineContext): string {
  return ctx.spell('X-Vendor-Container-Path-Stat').toLowerCase();
}

/** The decoded path-stat header of an answer, or the check fails naming the rule. */
export function expectPathStat(ctx: EngineContext, res: HttpResponse, what: string, requirement = 'engine/containers/archive-path-stat-header'): PathStat {
  const name = statHeaderName(ctx);
  const raw = res.headers[name];
  if (raw === undefined)
    ctx.fail(`${what}: the answer has no ${ctx.spell('X-Vendor-Container-Path-Stat')} header`, {
      expected: `a ${name} header`,
      actual: Object.keys(res.headers),
      requirement,
    });
  const decoded = decodePathStat(raw);
  const violations = decoded.diagnostics.filter((d) => d.severity === 'violation');
  for (const d of decoded.diagnostics.filter((x) => x.severity === 'observation')) ctx.observe(`${what}: ${d.message}`);
  if (!decoded.value || violations.length)
    ctx.fail(`${what}: the path-stat header is not base64 of {name, size, mode, mtime, linkTarget}: ${violations.map((d) => d.message).join('; ')}`, {
      expected: '{name S, size I, mode I, mtime S, linkTarget S}',
      actual: raw,
      requirement,
    });
  return decoded.value!;
}

/** An archive error answer: the status, then (spec) the details in a JSON body. */
export function expectArchiveError(ctx: EngineContext, res: HttpResponse, status: number, what: string, requirement: string): void {
  ctx.expectStatus(res, status, what, requirement);
  // The JSON body is the endpoint's rule and the Errors section's ("Archive endpoints return a JSON body ...").
  const jsonBody = [requirement, 'engine/errors/archive-json-body'];
  const body = ctx.expectJson<unknown>(res, `${what}: the spec puts the details in a JSON body`, jsonBody);
  ctx.expectSchema(ctx.schemaSet, 'archive-error', body, `${what} error body`, jsonBody);
  // "with the reason": its field names are not shown, but one of them holds the reason as text; {"message": ""} gives none.
  const reasons = isJsonObject(body) ? Object.values(body).filter((v) => typeof v === 'string' && v.trim() !== '') : [];
  ctx.expect(reasons.length > 0, `${what}: the JSON error body gives the reason as text`, {
    expected: 'a field whose value is the reason (a non-empty string)',
    actual: body,
    requirement: jsonBody,
  });
}

/**
 * "Query `path` S required" and "400 (path empty, ...)" of GET and PUT /archive: an empty `path=` and
 * a request without `path` at all are both requests without a path, the one case the 400 lists; a
 * missing path is not read as the root (a `path || '/'` default would archive or overwrite it).
 */
export function pathRequiredChecks(method: 'GET' | 'PUT'): EngineCheck[] {
  const operation = method === 'GET' ? 'archive-get' : 'archive-put';
  const requirement = `engine/containers/${operation}/400-path-empty`;
  const refused = async (ctx: EngineContext, query: Query, what: string): Promise<void> => {
    const { id } = await ctx.createContainer({ cmd: ['true'] });
    const body = method === 'PUT' ? await oneFileTar() : undefined;
    expectArchiveError(ctx, await archive(ctx, method, id, query, body), 400, what, requirement);
  };
  const shared = { endpoint: `engine/containers/${operation}`, versions: ['1.22' as const] };
  return [
    engineCheck({
      id: requirement,
      title: `(1.22) ${method} /archive with an empty path answers 400 with the details in a JSON body`,
      ...shared,
      run: (ctx) => refused(ctx, { path: '' }, `${method} /archive?path=`),
    }),
    engineCheck({
      id: `${requirement}/no-path`,
      title: `(1.22) ${method} /archive without the required path answers 400 with the details in a JSON body, as for an empty path (not taken as /)`,
      requirements: [requirement],
      ...shared,
      run: (ctx) => refused(ctx, {}, `${method} /archive without a path parameter`),
    }),
  ];
}
