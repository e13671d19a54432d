import { engineCheck } from '../support/check.ts';
import { createBody, createRaw } from '../support/container-data.ts';
import { bareName, expectListedName, expectShownName } from '../support/container-names.ts';
import { createOwn, listRequest, ownLabel, type ListItem } from '../support/own-containers.ts';

/** The rule that every name matching `/?[a-zA-Z0-9_-]+` is accepted (suites/engine/limits). */
const NAME_PATTERN = 'engine/limits/container-name-pattern';

const ENDPOINT = 'engine/containers/create';

/** Hex digits of a container id taken as a name: a prefix that addresses only that container, yet no name of any. */
const ID_START = 8;

/** Spec: Endpoints > Containers > 2. POST /containers/create: codes 201, 400, 404, 409; `name`. */
export default [
  engineCheck({
    id: 'engine/containers/create/201-created',
    title: 'POST /containers/create answers 201 with {Id S, Warnings [S]}, the Id identifying the container created',
    endpoint: ENDPOINT,
    async run(ctx) {
      const name = ctx.uniqueName('created');
      const { res, id } = await createRaw(ctx, createBody(ctx), name);
      ctx.expectStatus(res, 201, 'create from the fixture image');
      ctx.expectVersionSchema('container-create-response', ctx.expectJson(res, 'create response'), 'the create response');
      // The Id is the new container's identifier (the run flow shows it to the user): it addresses that container.
      const inspect = await ctx.api.get(`/containers/${encodeURIComponent(String(id))}/json`);
      ctx.expectStatus(inspect, 200, 'inspect by the Id the create answered');
      const { Id, Name } = ctx.expectJson<{ Id?: unknown; Name?: unknown }>(inspect, 'container inspect');
      ctx.expectEqual({ Id, Name: bareName(String(Name)) }, { Id: id, Name: name }, 'the Id the create answered addresses the container it created');
    },
  }),
  engineCheck({
    id: 'engine/containers/create/404-no-such-image',
    title: 'POST /containers/create with an image that does not exist answers 404',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { res } = await createRaw(ctx, createBody(ctx, { Image: `${ctx.uniqueName('no-such-image')}:none` }));
      ctx.expectStatus(res, 404, 'create from a missing image');
    },
  }),
  engineCheck({
    id: 'engine/containers/create/409-name-conflict',
    title:
      'POST /containers/create with a name already assigned to another container answers 409; a free name does not ' +
      '(the assigned one in another case, one made of the first hex digits of another container id)',
    requirements: ['engine/containers/create/409-name-conflict', 'engine/errors/409-conflict'],
    oneRule: true,
    endpoint: ENDPOINT,
    async run(ctx) {
      const { id, name } = await ctx.createContainer({ cmd: ['true'] });
      // The conflict is with a name assigned, not with an identifier: the start of the live container's id, as a name, is
      // free. Drawn from the check's own container's id it is no name of another run's (which labels and sweeps its own).
      const hex = id.slice(0, ID_START);
      if (/^[0-9a-f]+$/.test(hex)) {
        const { res: hexRes } = await createRaw(ctx, createBody(ctx), hex);
        ctx.expectStatus(hexRes, 201, `create with the name ${hex}, no container's name but the start of the id of the live container ${name}`);
      } else ctx.observe(`the container id ${id} does not start with hex digits: no name is drawn from it`);
      const { res } = await createRaw(ctx, createBody(ctx), name);
      ctx.expectStatus(res, 409, `create with the name ${name}, already in use`);
      // The name grammar (`/?[a-zA-Z0-9_-]+`) tells the cases apart: the same letters in another case are no assigned name.
      const other = name.toUpperCase();
      const { res: otherRes } = await createRaw(ctx, createBody(ctx), other);
      ctx.expectStatus(otherRes, 201, `create with the name ${other}, which differs from the assigned ${name} only in case`);
    },
  }),
  engineCheck({
    id: 'engine/containers/create/400-bad-parameter',
    title: 'POST /containers/create with a malformed body answers 400',
    endpoint: ENDPOINT,
    async run(ctx) {
      const res = await ctx.api.post('/containers/create', {
        body: `{"Image": "${ctx.fixtureImage()}", "Cmd": [`,
        headers: { 'content-type': 'application/json' },
      });
      ctx.expectStatus(res, 400, 'create with a truncated JSON body');
    },
  }),
  engineCheck({
    id: 'engine/containers/create/query-name',
    title: '`name` on create names the container: inspect Name and list Names show it (as given or with one leading /)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const label = ownLabel('create-name');
      const name = ctx.uniqueName('named');
      const { id } = await createOwn(ctx, label, { cmd: ['true'], name });
      expectShownName(ctx, (await ctx.inspect(id)).Name, name, 'inspect Name is the requested name');
      const listed = ctx.expectJson<ListItem[]>(await listRequest(ctx, label, { all: 1 }), 'container list');
      ctx.expectEqual(listed.length, 1, 'the list filtered by the label of the one container created holds one item');
      expectListedName(ctx, listed[0]?.Names, name, 'the list item Names holds the requested name');
    },
  }),
  engineCheck({
    id: 'engine/containers/create/query-name/leading-slash',
    title: '`name` given with its leading slash (/x, which the pattern /?[a-zA-Z0-9_-]+ allows) names the container x, shown as x or /x',
    requirements: ['engine/containers/create/query-name'],
    endpoint: ENDPOINT,
    async run(ctx) {
      const label = ownLabel('create-name-slash');
      const name = ctx.uniqueName('slashed');
      const { res, id } = await createRaw(ctx, createBody(ctx, { Labels: { [label.key]: label.value } }), `/${name}`);
      // Accepting such a name is the pattern's rule, and its own check reports a refusal (once).
      if (res.status !== 201) ctx.blockedBy(NAME_PATTERN, `a create with the name /${name} answered ${res.status}: ${res.text().trim().slice(0, 200)}`);
      const byName = await ctx.api.get(`/containers/${name}/json`);
      ctx.expectStatus(byName, 200, `inspect by the name ${name} of the container created with the name /${name}`);
      const { Id, Name } = ctx.expectJson<{ Id?: unknown; Name?: unknown }>(byName, 'container inspect');
      ctx.expectEqual(Id, id, `inspect by the name ${name} finds the container created with the name /${name}`);
      expectShownName(ctx, Name, name, `the name given as /${name} is the name ${name}`);
      const listed = ctx.expectJson<ListItem[]>(await listRequest(ctx, label, { all: 1 }), 'container list');
      ctx.expectEqual(listed.length, 1, 'the list filtered by the label of the one container created holds one item');
      expectListedName(ctx, listed[0]?.Names, name, 'the list item Names holds the name (no second leading /)');
    },
  }),
  engineCheck({
    id: 'engine/containers/create/required-fields',
    title: 'Which create fields are required is not shown: record which minimal bodies the target accepts',
    endpoint: ENDPOINT,
    async run(ctx) {
      const bodies: Record<string, Record<string, unknown>> = {
        '{Image, Cmd}': { Image: ctx.fixtureImage(), Cmd: ['true'] },
        '{Image} (the image has no Cmd)': { Image: ctx.fixtureImage() },
        '{Cmd} (no Image)': { Cmd: ['true'] },
        '{}': {},
      };
      const labels = createBody(ctx).Labels;
      for (const [what, body] of Object.entries(bodies)) {
        const { res } = await createRaw(ctx, { ...body, Labels: labels });
        ctx.observe(`create with ${what}: ${res.status}${res.status >= 400 ? ` (${res.text().trim().slice(0, 120)})` : ''}`);
      }
    },
  }),
];
