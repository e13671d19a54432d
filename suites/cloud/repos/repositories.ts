import { ENDS, finishedActionOf } from '../support/actions.ts';
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { expectFailedActionLogs, FAILED_LOGS } from '../support/failed-logs.ts';
import { createService, operateAndSettle, serviceBody, SERVICES } from '../support/app.ts';
import { filterCombinationCheck } from '../support/filter-combinations.ts';
import { filterCheck } from '../support/filters.ts';
import { expectShownAsGot, listAll, pathOf, sameResource, type Json } from '../support/lists.ts';
import { REGISTRIES } from './registries.ts';
import { holdGivenRepository, hostOfRepository, repositoryToAdd, unverifiedWhenUnknown, type RepositoryToAdd } from './repository-source.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

export const REPOSITORIES = '/api/repo/v1/repository/';
/** A third-party host no target runs itself; the service only records the repository. */
export const THIRD_PARTY_HOST = 'quay.io';

/** A repository name on `host` that no repository of the target has (the run's id in it). */
export const newRepositoryName = (ctx: CloudContext, host = THIRD_PARTY_HOST): string => `${host}/${ctx.uniqueName('org')}/${ctx.uniqueName('repo')}`;
/** A second third-party host, so that the registry filter has repositories to leave out. */
const OTHER_HOST = 'registry.gitlab.com';
/** A registry host with a port: an image name then holds a colon before its tag's. */
const PORTED_HOST = 'registry.example.com:5000';
const R = {
  create: 'cloud/repository/create/returns-repository',
  create201: 'cloud/repository/create/201',
  requiresName: 'cloud/repository/create/requires-name',
  list: 'cloud/repository/list/returns-repositories',
  secret: 'cloud/repository/credentials-write-only',
  get: 'cloud/repository/get/name-with-slashes',
  registry: 'cloud/repository/get/registry-matches-host',
  registryList: 'cloud/registry/list/returns-registries',
  inUse: 'cloud/repository/in-use',
  update: 'cloud/repository/update/credentials',
  update202: 'cloud/repository/update/202',
  removed: 'cloud/repository/delete/removed',
  delete204: 'cloud/repository/delete/204',
};
const SECRET = 'conformance-secret-password';
/** The login sent on create and on update: write-only as the password is. */
const LOGIN = 'conformance-repo-login';
const NEW_LOGIN = `${LOGIN}-2`;
/** The requirement of a service terminate's effect: a terminate that does not end the service blocks in_use's last step. */
const TERMINATES = 'cloud/service/terminate/effect';

const repoPath = (name: string): string => `${REPOSITORIES}${name}/`;

/** A repository a check added, the create's answer and its body. */
interface Added {
  repo: RepositoryToAdd;
  name: string;
  res: Awaited<ReturnType<CloudContext['api']['post']>>;
  body: Json;
}

/**
 * Adds the check's `index`-th external repository (the run's own when it names one, else a
 * made-up one on `host`); it is removed afterwards.
 */
async function addRepository(ctx: CloudContext, index = 0, host = THIRD_PARTY_HOST): Promise<Added> {
  const repo = repositoryToAdd(ctx, index, newRepositoryName(ctx, host), { username: LOGIN, password: SECRET });
  const { name } = repo;
  if (repo.given) await holdGivenRepository(ctx, name, repoPath(name));
  const res = await ctx.api.post(REPOSITORIES, { name, username: repo.username, password: repo.password });
  if (!isSuccess(res.status)) {
    unverifiedWhenUnknown(ctx, repo, index, res);
    ctx.fail(`creating external repository ${name} answered ${res.status}: ${res.text().slice(0, 200)}`, { requirement: R.create });
  }
  ctx.defer(async () => void (await ctx.api.delete(repoPath(name))));
  return { repo, name, res, body: ctx.expectJson<Json>(res, 'create response', R.create) };
}

/** Two repositories of this check, on two registries: each filter has one to keep and one to leave out. Their names. */
export async function twoRepositories(ctx: CloudContext): Promise<string[]> {
  return [(await addRepository(ctx)).name, (await addRepository(ctx, 1, OTHER_HOST)).name];
}

/** The username the credentials PATCH sends: another one for a made-up repository, the run's own for a given one. */
const newLogin = (repo: RepositoryToAdd): string => (repo.given ? repo.username : NEW_LOGIN);

/**
 * The credentials as an answer may carry them other than by their field names: the login or the
 * password as values, or encoded the way registry clients store them (base64 of login:password).
 * A login the repository's name holds (an organization's) is no sign of a leak.
 */
function credentialForms(repo: RepositoryToAdd): string[] {
  const logins = [...new Set([repo.username, newLogin(repo)])];
  const encoded = logins.map((l) => Buffer.from(`${l}:${repo.password}`).toString('base64'));
  return [repo.password, ...logins.filter((l) => !repo.name.includes(l)), ...encoded];
}

function expectNoCredentials(ctx: CloudContext, repo: RepositoryToAdd, text: string, what: string): void {
  const leaked = credentialForms(repo).some((form) => text.includes(form)) || /"(username|password)"\s*:/.test(text);
  ctx.expect(!leaked, `${what} carries the write-only credentials`, { expected: 'no username or password', actual: text.slice(0, 300), requirement: R.secret });
}

export default [
  cloudCheck({
    id: R.create,
    title: 'POST adds an external repository and returns it, named as sent (host/path)',
    requirements: [R.create, R.create201],
    endpoint: 'cloud/repository/create',
    async run(ctx) {
      const { name, res, body } = await addRepository(ctx);
      ctx.expectView('external-repository', body, 'the created repository', R.create);
      ctx.expectEqual(body.name, name, 'the created repository does not carry the name sent', R.create);
      ctx.expectStatus(res, 201, 'create (facts: 201)', R.create201);
    },
  }),
  cloudCheck({
    id: R.requiresName,
    title: 'A repository create body without name is refused and adds nothing',
    endpoint: 'cloud/repository/create',
    async run(ctx) {
      const before = new Set((await listAll(ctx, REPOSITORIES)).map((r) => r.resource_uri));
      const res = await ctx.api.post(REPOSITORIES, { username: LOGIN, password: SECRET });
      ctx.expect(res.status >= 400, `create without name answered ${res.status}`, {
        expected: 'an error status',
        actual: res.status,
        requirement: R.requiresName,
      });
      const nameless = (await listAll(ctx, REPOSITORIES)).filter((r) => !before.has(r.resource_uri) && (typeof r.name !== 'string' || !r.name.includes('/')));
      ctx.expect(nameless.length === 0, 'create without name added a repository', { expected: 'nothing added', actual: nameless, requirement: R.requiresName });
    },
  }),
  cloudCheck({
    id: R.list,
    title: 'The repository list returns a list of external repository objects',
    endpoint: 'cloud/repository/list',
    async run(ctx) {
      // Two, so that a list cut to its first object cannot pass.
      const names = [(await addRepository(ctx)).name, (await addRepository(ctx, 1)).name];
      const objects = await listAll(ctx, REPOSITORIES);
      objects.forEach((o, i) => ctx.expectView('external-repository', o, `repository #${i}`, R.list));
      for (const name of names)
        ctx.expect(
          objects.some((o) => o.name === name),
          `the repository ${name} just added is not listed`,
          { requirement: R.list },
        );
    },
  }),
  cloudCheck({
    id: R.get,
    title: "GET /api/repo/v1/repository/(name)/ with the host and slashes in name returns that repository; registry is the host's registry",
    requirements: [R.get, R.registry, R.registryList],
    endpoint: 'cloud/repository/get',
    async run(ctx) {
      const { name } = await addRepository(ctx);
      const res = await ctx.api.get(repoPath(name));
      ctx.expectStatus(res, 200, `GET ${repoPath(name)}`, R.get);
      const got = ctx.expectView('external-repository', ctx.expectJson(res, 'GET repository', R.get), 'GET repository', R.get);
      ctx.expectEqual(got.name, name, 'GET returns another repository', R.get);
      // The registry the repository names is read where it points (not looked for in a list an
      // empty answer would leave without anything to compare), and the registry list must hold it.
      const at = pathOf(String(got.registry));
      const reg = await ctx.api.get(at);
      ctx.expectStatus(reg, 200, `GET ${at} (the repository's registry)`, R.registry);
      const registry = ctx.expectView('registry', ctx.expectJson(reg, 'GET registry', R.registry), 'GET registry', R.registry);
      const host = hostOfRepository(name).replace(/:\d+$/, '');
      ctx.expectEqual(registry.host, host, `registry ${at} is not the registry of ${host}`, R.registry);
      const listed = (await listAll(ctx, REGISTRIES)).some((r) => sameResource(r.resource_uri, got.registry));
      ctx.expect(listed, `the registry list leaves out ${at}, the registry of a repository`, { requirement: R.registryList });
    },
  }),
  cloudCheck({
    id: R.secret,
    title: 'username and password are write-only: no response carries them (create, update, get, list); the PATCH action ends, with logs if Failed',
    requirements: [R.secret, R.update, R.update202, ENDS, FAILED_LOGS],
    endpoint: 'cloud/repository/update',
    async run(ctx) {
      const { repo, name, res, body } = await addRepository(ctx);
      expectNoCredentials(ctx, repo, res.text(), 'the create response');
      const update = await ctx.api.patch(repoPath(name), { username: newLogin(repo), password: repo.password });
      ctx.expect(isSuccess(update.status), `PATCH credentials answered ${update.status}`, { requirement: R.update });
      expectNoCredentials(ctx, repo, update.text(), 'the update response');
      // Read where the repository is shown: an answer without it (a 404, an empty list) would carry no credentials either.
      const got = await ctx.api.get(repoPath(name));
      ctx.expectStatus(got, 200, `GET ${repoPath(name)} after a PATCH of its credentials`, R.update);
      const after = ctx.expectJson<Json>(got, 'GET repository', R.update);
      ctx.expectEqual(
        [after.name, pathOf(String(after.registry))],
        [name, pathOf(String(body.registry))],
        'the PATCH of the credentials changed the repository',
        R.update,
      );
      expectNoCredentials(ctx, repo, got.text(), 'GET of the repository');
      // The PATCH answer (facts: 202 with the repository) shows it as its GET does: the PATCH changes no field shown.
      if (update.status === 202) {
        const answered = ctx.expectJson<Json>(update, 'the PATCH answer', R.update);
        expectShownAsGot(ctx, answered, after, ['name', 'in_use'], `PATCH ${repoPath(name)}`, R.update);
      }
      const listed = await listAll(ctx, REPOSITORIES, { name });
      ctx.expect(
        listed.some((r) => r.name === name),
        `the repository list filtered by name leaves out ${name} after a PATCH of its credentials`,
        { requirement: R.update },
      );
      expectNoCredentials(ctx, repo, JSON.stringify(listed), 'the repository list');
      ctx.expectStatus(update, 202, 'PATCH (facts: 202)', R.update202);
      // Write-only credentials show no effect to judge the outcome by: only that the action ends,
      // and, should it end Failed (a registry may refuse them), that its logs say why.
      const action = await finishedActionOf(ctx, update, 'PATCH', 30_000, ENDS);
      if (action.state === 'Failed') await expectFailedActionLogs(ctx, action.resource_uri, 'PATCH of the credentials');
      // The row lists username and password without marking either optional (other PATCH rows mark theirs):
      // whether one alone is taken is not stated, so only observed; an answer that takes it still carries no credentials.
      const alone = await ctx.api.patch(repoPath(name), { password: repo.password });
      if (!isSuccess(alone.status)) ctx.observe(`a PATCH with password alone answered ${alone.status}: ${alone.text().slice(0, 200)}`);
      else expectNoCredentials(ctx, repo, alone.text(), 'the answer to a PATCH with password alone');
    },
  }),
  cloudCheck({
    id: R.inUse,
    title:
      "in_use is true when one of the caller's services uses an image of the repository (a tag other than latest; also on a registry " +
      'with a port), false before, beside a service of a repository whose name extends its own, and once that service is terminated',
    endpoint: 'cloud/repository/get',
    async run(ctx) {
      const { name, body } = await addRepository(ctx);
      ctx.expectEqual(body.in_use, false, 'a repository no service uses is in_use', R.inUse);
      // The image of another repository, whose name begins with this one's, is no image of this one.
      await createService(ctx, serviceBody(ctx, undefined, { image: `${name}-other:latest` }));
      const beside = await ctx.getJson('external-repository', repoPath(name), 'repository');
      ctx.expectEqual(beside.in_use, false, 'a repository is in_use while only the image of another repository, whose name begins with its own, is', R.inUse);
      // Any tag of the repository's image is a use of it, not only latest.
      const svc = await createService(ctx, serviceBody(ctx, undefined, { image: `${name}:conformance` }));
      const got = await ctx.getJson('external-repository', repoPath(name), 'repository');
      ctx.expectEqual(got.in_use, true, 'a repository a service uses is not in_use', R.inUse);
      // The list shows the same repository alike: in use (a flag written inverted in one answer shows here).
      const listed = (await listAll(ctx, REPOSITORIES)).find((r) => r.name === name);
      ctx.expectEqual(listed?.in_use, true, `GET ${REPOSITORIES} shows a repository a service uses as not in_use`, R.inUse);
      // The registry host may carry a port: the image name's first colon is then not its tag's.
      const ported = await addRepository(ctx, 1, PORTED_HOST);
      await createService(ctx, serviceBody(ctx, undefined, { image: `${ported.name}:conformance` }));
      const portedGot = await ctx.getJson('external-repository', repoPath(ported.name), 'repository');
      ctx.expectEqual(portedGot.in_use, true, `a repository on a registry with a port (${ported.name}) a service uses is not in_use`, R.inUse);
      // Terminating a service terminates it and its containers, not reversibly (Terminated: deleted):
      // a service that recent-terminated lists still show uses no image.
      const ended = await ctx.setUp(() => operateAndSettle(ctx, svc, 'terminate'), TERMINATES);
      if (ended.state !== 'Terminated') ctx.blockedBy(TERMINATES, `terminate of ${svc.resource_uri} left it ${ended.state}`);
      const after = await ctx.getJson('external-repository', repoPath(name), 'repository');
      ctx.expectEqual(after.in_use, false, 'a repository only a terminated service used is still in_use', R.inUse);
    },
  }),
  cloudCheck({
    id: `${R.inUse}/callers-only`,
    title: "in_use counts the caller's services only: a repository whose image only another user's service uses is not in_use",
    requirements: [R.inUse],
    endpoint: 'cloud/repository/get',
    async run(ctx) {
      const second = ctx.secondUser();
      const { name } = await addRepository(ctx);
      const res = await second.post(SERVICES, serviceBody(ctx, undefined, { image: `${name}:latest` }));
      if (!isSuccess(res.status)) ctx.skip(`the second user's service create answered ${res.status}: no service of another user uses the image`);
      const uri = String(ctx.expectJson<Json>(res, "the second user's service").resource_uri);
      ctx.defer(async () => void (await second.delete(uri)));
      const got = await ctx.getJson('external-repository', repoPath(name), 'repository');
      ctx.expectEqual(got.in_use, false, "a repository is in_use while only another user's service uses its image", R.inUse);
    },
  }),
  cloudCheck({
    id: R.removed,
    title: 'DELETE removes the repository from the service: no longer listed, GET fails',
    requirements: [R.removed, R.delete204],
    endpoint: 'cloud/repository/delete',
    async run(ctx) {
      const { name } = await addRepository(ctx);
      const res = await ctx.api.delete(repoPath(name));
      ctx.expect(isSuccess(res.status), `DELETE answered ${res.status}`, { requirement: R.removed });
      const get = await ctx.api.get(repoPath(name));
      ctx.expect(get.status >= 400, `GET of a deleted repository answered ${get.status}`, { requirement: R.removed });
      ctx.expect(!(await listAll(ctx, REPOSITORIES)).some((r) => r.name === name), 'a deleted repository is still listed', { requirement: R.removed });
      ctx.expect(res.status === 204 && res.body.length === 0, `DELETE answered ${res.status} with ${res.body.length} byte(s) (facts: 204, empty body)`, {
        expected: 204,
        actual: res.status,
        requirement: R.delete204,
      });
    },
  }),
  filterCheck(
    { id: 'cloud/repository/list/filter-name', endpoint: 'cloud/repository/list', path: REPOSITORIES, param: 'name', ownValues: twoRepositories },
    'Query name on the repository list returns only the repositories of that name',
  ),
  filterCheck(
    {
      id: 'cloud/repository/list/filter-registry',
      endpoint: 'cloud/repository/list',
      path: REPOSITORIES,
      param: 'registry',
      setup: async (ctx) => void (await twoRepositories(ctx)),
    },
    'Query registry on the repository list returns only the repositories of that registry',
  ),
  filterCombinationCheck({ resource: 'repository', path: REPOSITORIES, params: ['name', 'registry'], setup: async (ctx) => void (await twoRepositories(ctx)) }),
];
