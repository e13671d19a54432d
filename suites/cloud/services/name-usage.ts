/**
 * Spec: Service > name ("user-provided; inherited by containers; used in endpoint URLs and
 * variable names"). How the name is spelled there is not shown (DNS labels and variable names
 * take other cases and characters), so it is looked for without case or punctuation: in the
 * endpoint URLs of the service's published port (the service's own when it shows one, else its
 * containers') and in the names of its link_variables ("environment variables exposed to
 * containers linked to this service": the service's, else its containers' in per-container form).
 * The name is neither the image's (the default name), nor the nickname, nor the uuid: a target
 * that builds them from another of those shows it. The spec states the name is used in variable
 * names: a service with a published port and a variable that exposes none (link_variables {} on it
 * and on its containers) uses it in none, and fails.
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { runningService, sharedNodes, waitForContainers } from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import { holdsName } from '../support/spelling.ts';

const R = { name: 'cloud/service/name-in-urls-and-variables' };

/** The endpoint URLs a list of ports shows (an unpublished port has none). */
const endpointsOf = (ports: unknown): string[] =>
  (Array.isArray(ports) ? (ports as Json[]) : []).map((p) => p.endpoint_uri).filter((u): u is string => typeof u === 'string' && u !== '');

/** The names of an object's link_variables. */
const variableNames = (o: { link_variables?: unknown }): string[] => Object.keys((o.link_variables as Json | null | undefined) ?? {});

/** Some of `where` holds the name; none at all leaves that half unverified (the caller fails a service without variables). */
function expectNameIn(ctx: CloudContext, name: string, where: string[], what: string): void {
  if (!where.length) {
    ctx.cannotVerify(`the service shows no ${what}: where its name is used there cannot be seen`);
    return;
  }
  ctx.expect(
    where.some((w) => holdsName(w, name)),
    `no ${what} of the service holds its name ${name}`,
    { expected: `the name ${name} (without case or punctuation) in one of them`, actual: where, requirement: R.name },
  );
}

export default [
  cloudCheck({
    id: R.name,
    title: "The service's name is used in its endpoint URLs and in its variable names (link_variables)",
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), {
        nickname: ctx.uniqueName('nick'),
        container_ports: [{ protocol: 'tcp', inner_port: 8080, published: true }],
        container_envvars: [{ key: 'CONFORMANCE_NAMED', value: 'yes' }],
      });
      const [container] = await waitForContainers(ctx, svc, 1);
      const got = await ctx.getJson('service', svc.resource_uri, 'the running service');
      const name = String(got.name);
      const own = endpointsOf(got.container_ports);
      expectNameIn(ctx, name, own.length ? own : endpointsOf(container!.container_ports), 'endpoint URL');
      // The service's variables, else its container's (per-container form): a target showing them on one of the two shows them.
      const variables = variableNames(got).length ? variableNames(got) : variableNames(container!);
      ctx.expect(variables.length > 0, `the service ${name} (a published port, a variable) and its container expose no variable: its name is in none`, {
        expected: `link_variables whose names hold ${name}`,
        actual: { service: got.link_variables ?? null, container: container!.link_variables ?? null },
        requirement: R.name,
      });
      if (variables.length) expectNameIn(ctx, name, variables, 'link variable name');
    },
  }),
];
