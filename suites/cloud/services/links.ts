/**
 * Spec: Service > linked_from_service, linked_to_service: a service linked to by two others lists
 * exactly those two links in its linked_from_service, each once, in its GET and in the service
 * list; each linking service lists its own link once in linked_to_service. Create body: a
 * linked_to_service item's name is optional: a link sent without one is made all the same.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { createService, serviceBody, SERVICES } from '../support/app.ts';
import { listAll, sameResource, type Json } from '../support/lists.ts';

const R = {
  linkedFrom: 'cloud/service/get/linked-from',
  list: 'cloud/service/list/returns-services',
  nameOptional: 'cloud/service/create/link-name-optional',
};

interface Link {
  from: string;
  to: string;
  /** The name sent; a link sent without one may show any name (what it gets is not shown). */
  name?: string;
}

const matches = (l: unknown, want: Link): boolean =>
  sameResource((l as Json)?.from_service, want.from) &&
  sameResource((l as Json)?.to_service, want.to) &&
  (want.name === undefined || (l as Json)?.name === want.name);

/** The list holds exactly the links wanted, each once. */
function verifyLinks(ctx: CloudContext, got: unknown, want: readonly Link[], what: string, requirement: string): void {
  const items = Array.isArray(got) ? got : [];
  const once = want.every((w) => items.filter((l) => matches(l, w)).length === 1);
  ctx.verify(once && items.length === want.length, `${what} does not hold exactly the ${want.length} link(s) made, each once`, {
    requirement,
    expected: want,
    actual: got,
  });
}

export default [
  cloudCheck({
    id: `${R.linkedFrom}/two`,
    title: 'A service linked to by two services lists both links, each once, in linked_from_service (GET and list)',
    requirements: [R.linkedFrom, R.list],
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const b = await createService(ctx, serviceBody(ctx, undefined));
      const links: Link[] = [];
      for (const name of ['conformance-one', 'conformance-two']) {
        const a = await createService(ctx, serviceBody(ctx, undefined, { linked_to_service: [{ to_service: b.resource_uri, name }] }));
        links.push({ from: a.resource_uri, to: b.resource_uri, name });
      }
      const gotB = await ctx.getJson('service', b.resource_uri, 'service B');
      verifyLinks(ctx, gotB.linked_from_service, links, "B's linked_from_service", R.linkedFrom);
      const listed = await listAll(ctx, SERVICES);
      verifyLinks(ctx, listed.find((o) => o.uuid === b.uuid)?.linked_from_service, links, "the listed B's linked_from_service", R.list);
      for (const link of links) {
        const gotA = await ctx.getJson('service', link.from, 'a linking service');
        verifyLinks(ctx, gotA.linked_to_service, [link], `${link.from} linked_to_service`, R.linkedFrom);
        const inList = listed.find((o) => sameResource(o.resource_uri, link.from));
        verifyLinks(ctx, inList?.linked_to_service, [link], 'the listed linking service linked_to_service', R.list);
      }
    },
  }),
  cloudCheck({
    id: R.nameOptional,
    title: 'A linked_to_service item without name is accepted and the link is made (A lists it to B, B lists it from A); its name is observed',
    endpoint: 'cloud/service/create',
    async run(ctx) {
      const b = await createService(ctx, serviceBody(ctx, undefined));
      // A refusal of this body fails the check: its only departure from a plain create is the link without name.
      const a = await createService(ctx, serviceBody(ctx, undefined, { linked_to_service: [{ to_service: b.resource_uri }] }));
      const link: Link = { from: a.resource_uri, to: b.resource_uri };
      const gotA = await ctx.getJson('service', a.resource_uri, 'the linking service');
      verifyLinks(ctx, gotA.linked_to_service, [link], "A's linked_to_service", R.nameOptional);
      const gotB = await ctx.getJson('service', b.resource_uri, 'the linked service');
      verifyLinks(ctx, gotB.linked_from_service, [link], "B's linked_from_service", R.nameOptional);
      const shown = Array.isArray(gotA.linked_to_service) ? gotA.linked_to_service.map((l) => (l as Json)?.name) : [];
      ctx.observe(`a link sent without name shows name ${JSON.stringify(shown)} (the name it gets is not shown in the spec)`);
    },
  }),
];
