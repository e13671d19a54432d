import type { RequirementRef } from '../../../harness/check/signals.ts';
import { engineCheck } from '../support/check.ts';
import { containerWithVolume } from '../support/container-volume.ts';
import type { EngineContext } from '../support/context.ts';
import { exitedContainer, IGNORES_TERM, marksTerm, noSuchContainerCheck, STARTED_MARK, TERM_TRACE } from '../support/lifecycle.ts';
import { stdoutOf } from '../support/container-data.ts';
import { volumeSource } from '../support/volumes-from.ts';
import { REFUSED } from '../negative/refused-leaves-nothing.ts';
import { createVolume } from '../support/resources.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const ENDPOINT = 'engine/containers/delete';
/** Where the program of the force check marks its start and a SIGTERM: the volume of a source container (VolumesFrom). */
const MARKS_AT = '/conformance-marks';
const REMOVED = 'engine/containers/delete/204-removed';
const FORCE = 'engine/containers/delete/query-force';
const STATES_FORCE = 'engine/states/delete-force';

async function expectGone(ctx: EngineContext, id: string, rule: string, requirement: RequirementRef): Promise<void> {
  const res = await ctx.api.get(`/containers/${id}/json`);
  ctx.expectStatus(res, 404, `${rule}: inspect of the removed container`, requirement);
}

/** Spec: Endpoints > Containers > 20. DELETE /containers/(id or name); States > Operation effects. */
export default [
  engineCheck({
    id: 'engine/containers/delete/204-removed',
    title: 'DELETE of an exited container answers 204 and the container is gone',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await exitedContainer(ctx);
      ctx.expectStatus(await ctx.api.delete(`/containers/${id}`), 204, 'DELETE of an exited container');
      await expectGone(ctx, id, 'after a 204 DELETE the container does not exist', 'engine/containers/delete/204-removed');
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/204-removed/by-name',
    title:
      'DELETE /containers/(name) of a container that never ran answers 204 and removes the container of that name: not in inspect, not listed, ' +
      'and another whose name begins with it stays',
    requirements: ['engine/containers/delete/204-removed'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const name = ctx.uniqueName('by-name');
      // Made first, with the name as the start of its own: a lookup by prefix or taking the first match finds this one.
      const other = await ctx.createContainer({ cmd: ['true'], name: `${name}-kept` });
      const named = await ctx.createContainer({ cmd: ['true'], name });
      ctx.expectStatus(await ctx.api.delete(`/containers/${name}`), 204, `DELETE /containers/${name} of a created, never started container`);
      await expectGone(ctx, named.id, `after a 204 DELETE /containers/${name} the container of that name`, REMOVED);
      const listed = ctx.expectJson<Array<{ Id?: string }>>(await ctx.api.get('/containers/json', { all: 1 }), 'container list ?all=1').map((c) => c.Id);
      ctx.expect(
        !listed.includes(named.id) && listed.includes(other.id),
        `after DELETE /containers/${name}, the list ?all=1 shows it gone and ${other.name} kept`,
        {
          expected: { without: named.id, with: other.id },
          actual: listed.filter((id) => id === named.id || id === other.id),
          requirement: REMOVED,
        },
      );
      ctx.expectStatus(await ctx.api.get(`/containers/${other.id}/json`), 200, `after DELETE /containers/${name}, inspect of ${other.name}`, REMOVED);
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/409-conflict',
    title:
      'DELETE of a running container without force is refused (409, the listed code that fits, recommended) and leaves it running (force defaults to false)',
    requirements: ['engine/containers/delete/409-conflict', 'engine/containers/delete/query-defaults-false', 'engine/containers/delete/204-removed'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id } = await ctx.runningContainer(IGNORES_TERM);
      const res = await ctx.api.delete(`/containers/${id}`);
      ctx.verify(res.status === 409, `DELETE of a running container without force answered ${res.status}, not 409`, {
        requirement: 'engine/containers/delete/409-conflict',
        expected: 409,
        actual: res.status,
      });
      const after = await ctx.api.get(`/containers/${id}/json`);
      ctx.verify(
        after.status === 200,
        `after DELETE without force, inspect of the container answered ${after.status}: it was removed, as if force defaulted to true`,
        {
          requirement: 'engine/containers/delete/query-defaults-false',
          expected: 200,
          actual: after.status,
        },
      );
      // A success claims the removal: one that leaves the container in place says what did not happen.
      const success = isSuccess(res.status);
      ctx.verify(!(success && after.status === 200), `DELETE without force answered ${res.status} while the container is still there`, {
        requirement: 'engine/containers/delete/204-removed',
        expected: 'an error status (the container is not removed)',
        actual: { status: res.status, inspect: after.status },
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/query-force',
    title:
      'DELETE ?force=1 of a running container kills it (no SIGTERM first: its program, which marks a SIGTERM in a volume another container ' +
      'reads, marks none), removes it and answers 204',
    requirements: ['engine/containers/delete/query-force', 'engine/states/delete-force'],
    oneRule: true,
    endpoint: ENDPOINT,
    async run(ctx) {
      // The marks outlive the container: they are written to the volume of a source container, which the reader takes too.
      const source = await ctx.setUp(() => volumeSource(ctx, MARKS_AT), 'engine/containers/create/body-volumes');
      const hostConfig = { VolumesFrom: [source] };
      const { id } = await ctx.signalProgram(marksTerm(MARKS_AT), { hostConfig });
      ctx.expectStatus(await ctx.api.delete(`/containers/${id}`, { force: true }), 204, 'DELETE ?force=1 of a running container');
      await expectGone(ctx, id, 'force=1 kills then removes the container', FORCE);
      const marks = await ctx.setUp(
        () => stdoutOf(ctx, ['sh', '-c', `cat ${MARKS_AT}/started ${MARKS_AT}/term 2>/dev/null; true`], { hostConfig }),
        'engine/containers/create/host-config-volumes-from',
      );
      if (!marks.includes(STARTED_MARK))
        ctx.unverified(
          `a container taking ${source}'s volume through VolumesFrom does not see the mark the program wrote there at its start: ${JSON.stringify(marks)}`,
        );
      // A kill is SIGKILL (kill without a signal); a stop sends SIGTERM first, and this program exits at once on it, whatever the timing.
      ctx.expect(!marks.includes(TERM_TRACE), 'force=1 kills the container: its program got no SIGTERM (a stop would send one first)', {
        expected: `no ${TERM_TRACE} mark in ${MARKS_AT}/term`,
        actual: marks.trim(),
      });
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/query-v',
    title: 'DELETE ?v=1 also removes the volumes associated with the container, and (1.22) no volume of no container',
    requirements: ['engine/containers/delete/query-v', 'engine/states/delete-force'],
    oneRule: true,
    endpoint: ENDPOINT,
    async run(ctx) {
      const volume = await containerWithVolume(ctx);
      // A volume no container uses: a target removing every unused volume on v=1 (a prune) shows.
      const bystander = ctx.version === '1.22' ? await ctx.setUp(() => createVolume(ctx), 'engine/volumes/create/201-response-schema') : undefined;
      ctx.expectStatus(await ctx.api.delete(`/containers/${volume.id}`, { v: true }), 204, 'DELETE ?v=1 of an exited container');
      await volume.expectRemoved(true, "v=1 removes the container's volume");
      if (bystander)
        ctx.expectStatus(await ctx.api.get(`/volumes/${bystander.Name}`), 200, `after v=1, GET /volumes/(name) of ${bystander.Name}, a volume of no container`);
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/query-force/with-v',
    title: 'DELETE ?force=1&v=1 of a running container kills and removes it and also removes its (anonymous) volume',
    requirements: [STATES_FORCE, FORCE, 'engine/containers/delete/query-v'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const volume = await containerWithVolume(ctx, true);
      const deleted = await ctx.api.delete(`/containers/${volume.id}`, { force: true, v: true });
      ctx.expectStatus(deleted, 204, 'DELETE ?force=1&v=1 of a running container', [STATES_FORCE, FORCE]);
      await expectGone(ctx, volume.id, 'force=1&v=1 kills then removes the running container', [STATES_FORCE, FORCE]);
      await volume.expectRemoved(true, "force=1&v=1 of a running container also removes the container's volume", [
        STATES_FORCE,
        'engine/containers/delete/query-v',
      ]);
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/query-v/refused-keeps-volumes',
    title: 'DELETE ?v=1 of a running container without force, refused, removes neither the container nor its volumes',
    requirements: [REFUSED],
    endpoint: ENDPOINT,
    async run(ctx) {
      const volume = await containerWithVolume(ctx, true);
      const res = await ctx.api.delete(`/containers/${volume.id}`, { v: true });
      // Whether a running container is refused is the 409 check's: an accepted DELETE leaves nothing to see here.
      if (res.status < 400) ctx.blockedBy('engine/containers/delete/409-conflict', `DELETE ?v=1 of a running container answered ${res.status}`);
      await volume.expectRemoved(false, `DELETE ?v=1 of the running container was refused (${res.status}): the operation did not happen, its volume remains`);
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/query-defaults-false',
    title: 'DELETE without v keeps the volumes associated with the container (v defaults to false)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const volume = await containerWithVolume(ctx);
      ctx.expectStatus(await ctx.api.delete(`/containers/${volume.id}`), 204, 'DELETE of an exited container without v');
      await volume.expectRemoved(false, "without v the container's volume remains");
    },
  }),
  engineCheck({
    id: 'engine/containers/delete/query-link',
    title: 'DELETE /containers/(name)/(alias)?link=1 removes that link, keeps the container, its other link and the container the link named',
    endpoint: ENDPOINT,
    async run(ctx) {
      // Two links: a target that drops every link of the container, or the wrong one, shows.
      const [removed, kept] = ['linked', 'kept'];
      const targets = [
        await ctx.createContainer({ cmd: ['sleep', '300'], networked: true }),
        await ctx.createContainer({ cmd: ['sleep', '300'], networked: true }),
      ];
      const hostConfig = { Links: [`${targets[0]!.name}:${removed}`, `${targets[1]!.name}:${kept}`] };
      const { id, name } = await ctx.createContainer({ cmd: ['sleep', '300'], hostConfig });
      const linksOf = async (): Promise<string[]> => ((await ctx.inspect(id)).HostConfig as { Links?: string[] | null }).Links ?? [];
      const hasAlias = (links: string[], alias: string): boolean => links.some((link) => new RegExp(`(^|[:/])${alias}$`).test(link));
      const before = await linksOf();
      ctx.precondition(
        hasAlias(before, removed) && hasAlias(before, kept),
        `the container created with Links ${JSON.stringify(hostConfig.Links)} shows ${JSON.stringify(before)}`,
        'engine/containers/create/host-config-links',
      );
      const res = await ctx.api.delete(`/containers/${name}/${removed}`, { link: true });
      ctx.expectStatus(res, 204, `DELETE /containers/${name}/${removed}?link=1`);
      const after = await linksOf();
      ctx.expect(
        !hasAlias(after, removed) && hasAlias(after, kept),
        `after link=1 the container still exists, without the link ${removed} and with the link ${kept}`,
        {
          expected: `HostConfig.Links holding ${kept} and not ${removed}`,
          actual: after,
        },
      );
      // "remove the specified link (not the container)": the container the link named stays too.
      const linked = await ctx.api.get(`/containers/${targets[0]!.id}/json`);
      const linkedId = linked.status === 200 ? ctx.expectJson<{ Id?: unknown }>(linked, 'container inspect').Id : undefined;
      ctx.expect(
        linked.status === 200 && linkedId === targets[0]!.id,
        `after link=1 the container ${targets[0]!.name}, which the removed link named, still exists`,
        {
          expected: { status: 200, Id: targets[0]!.id },
          actual: { status: linked.status, Id: linkedId },
        },
      );
    },
  }),
  noSuchContainerCheck({ endpoint: ENDPOINT, method: 'DELETE', suffix: '' }),
];
