import { cloudCheck, type CloudCheck } from '../support/check.ts';
import { CATALOG } from '../support/infra.ts';
import { listAll, pathOf, type Json } from '../support/lists.ts';

type Kind = keyof typeof CATALOG;

const KINDS: ReadonlyArray<{ kind: Kind; schema: string; label: string; plural: string }> = [
  { kind: 'provider', schema: 'provider', label: 'provider', plural: 'providers' },
  { kind: 'region', schema: 'region', label: 'region', plural: 'regions' },
  { kind: 'az', schema: 'availability-zone', label: 'availability zone', plural: 'azs' },
  { kind: 'nodetype', schema: 'node-type', label: 'node type', plural: 'nodetypes' },
];

function listCheck({ kind, schema, label, plural }: (typeof KINDS)[number]): CloudCheck {
  const id = `cloud/${kind}/list/returns-${plural}`;
  return cloudCheck({
    id,
    title: `The ${label} list returns a list of ${label} objects`,
    endpoint: `cloud/${kind}/list`,
    async run(ctx) {
      const objects = await listAll(ctx, CATALOG[kind]);
      objects.forEach((o, i) => ctx.expectSchema('cloud/v1', schema, o, `${label} #${i}`, id));
      if (!objects.length) ctx.observe(`the ${label} list is empty`);
    },
  });
}

function getCheck({ kind, schema, label }: (typeof KINDS)[number]): CloudCheck {
  const id = `cloud/${kind}/get/returns-${kind}`;
  return cloudCheck({
    id,
    title: `GET of one ${label} returns that ${label}; its resource_uri is the path requested`,
    endpoint: `cloud/${kind}/get`,
    async run(ctx) {
      const listed = await listAll(ctx, CATALOG[kind]);
      if (!listed.length) return ctx.skip(`the ${label} list is empty: nothing to get`);
      for (const item of [listed[0]!, listed[listed.length - 1]!]) {
        const path = pathOf(String(item.resource_uri));
        const res = await ctx.api.get(path);
        ctx.expectStatus(res, 200, `GET ${path}`, id);
        const got = ctx.expectSchema<Json>('cloud/v1', schema, ctx.expectJson(res, `GET ${path}`, id), `GET ${path}`, id);
        ctx.expectEqual(pathOf(String(got.resource_uri)), path, `GET ${path}: resource_uri is not the path requested`, id);
        ctx.expectEqual(got.name, item.name, `GET ${path}: not the ${label} the list names at that URI`, id);
      }
    },
  });
}

export default KINDS.flatMap((k) => [listCheck(k), getCheck(k)]);
