/** Spec: Stream API, service logs: the stream aggregates the logs of all the service's containers; and the container logs' service parameter. */
import { cloudCheck } from '../support/check.ts';
import { sharedNodes, LONG_RUNNING, operateAndSettle, runningService, waitForContainers } from '../support/app.ts';
import { sameResource } from '../support/lists.ts';
import { allLines, openLogs, readUntil } from '../support/streams.ts';
import { containersByName, printingService, textsOf } from './log-lines.ts';

/** How long a followed service stream is read for the first line of a container a scale added. */
const SCALED_LINE_MS = 10_000;

export default [
  cloudCheck({
    id: 'cloud/service/logs/aggregated',
    title: 'The service logs stream aggregates the logs of all its containers; source names the container of each line',
    endpoint: 'cloud/service/logs',
    async run(ctx) {
      const { svc, containers } = await printingService(ctx, await sharedNodes(ctx), { target_num_containers: 2 });
      // Both containers print the same lines: the first runs again, so that its log differs from the
      // second's (twice the lines where the start appends), and a line named after the wrong container shows.
      await operateAndSettle(ctx, containers[0]!, 'start');
      await ctx.waitForState('container', containers[0]!.resource_uri, ['Stopped']);
      const lines = await allLines(ctx, svc.resource_uri);
      // Containers may share their service's name ("inherited from the service"): the lines of such a
      // name are those containers' own logs together, which container wrote which not told apart.
      for (const [name, group] of containersByName(containers)) {
        const own = textsOf((await Promise.all(group.map((c) => allLines(ctx, c.resource_uri)))).flat());
        const named = textsOf(lines.filter((l) => l.source === name));
        const whose = group.length > 1 ? `the ${group.length} containers named ${name}` : `container ${name}`;
        ctx.expect(own.length > 0 && JSON.stringify(named) === JSON.stringify(own), `the service logs do not carry the own log of ${whose} under its name`, {
          expected: `the ${own.length} line(s) of ${group.map((c) => `GET ${c.resource_uri}logs/`).join(' and ')}, source ${name}`,
          actual: `${named.length} line(s) with that source`,
          requirement: 'cloud/service/logs/aggregated',
        });
      }
    },
  }),
  cloudCheck({
    id: 'cloud/service/logs/aggregated/scaled',
    title: 'A followed service logs stream also sends the lines of a container a scale adds after it opened',
    requirements: ['cloud/service/logs/aggregated'],
    endpoint: 'cloud/service/logs',
    async run(ctx) {
      // Each container writes a line when it starts and keeps running.
      const svc = await runningService(ctx, await sharedNodes(ctx), { run_command: `echo conformance-started; ${LONG_RUNNING}` });
      const [first] = await waitForContainers(ctx, svc, 1);
      const session = await openLogs(ctx, svc.resource_uri, { tail: 0 }, 'cloud/service/logs/aggregated');
      const added = await ctx.setUp(async () => {
        const res = await ctx.api.patch(svc.resource_uri, { target_num_containers: 2 });
        if (res.status >= 300) ctx.fail(`PATCH target_num_containers 2 answered ${res.status}`);
        await operateAndSettle(ctx, svc, 'scale');
        return (await waitForContainers(ctx, svc, 2)).find((c) => !sameResource(c.resource_uri, first!.resource_uri));
      }, 'cloud/service/scale/effect');
      // A name the first container shares (containers may be named as their service) is still the added one's
      // after the stream opened: the first wrote its only line before (tail=0).
      const name = String(added?.name);
      if (name === first!.name) ctx.observe(`the container the scale added is named ${name}, as the first one: a line of that name is the added one's`);
      const { messages } = await readUntil(ctx, session, (m) => m.source === name, SCALED_LINE_MS, 'log stream');
      ctx.expect(
        messages.some((m) => m.source === name),
        `the followed service logs sent no line of container ${name}, which the scale added after the stream opened`,
        {
          expected: `a line with source ${name}`,
          actual: [...new Set(messages.map((m) => m.source))],
          requirement: 'cloud/service/logs/aggregated',
        },
      );
    },
  }),
  cloudCheck({
    id: 'cloud/container/logs/service-param',
    title: 'The container logs endpoint takes a service query parameter (its effect is not shown: observed)',
    endpoint: 'cloud/container/logs',
    async run(ctx) {
      const { svc, containers } = await printingService(ctx, await sharedNodes(ctx));
      const session = await ctx.api.openStream(`${containers[0]!.resource_uri}logs/`, { service: svc.resource_uri, tail: 5, follow: 'false' });
      ctx.defer(() => session.close());
      const { messages } = await session.collect(2000);
      ctx.observe(`container logs with ?service=<its service> answered ${session.status} and sent ${messages.length} message(s)`);
      ctx.expect(session.status === 101, `the container logs endpoint refused the service parameter (${session.status})`, {
        requirement: 'cloud/container/logs/service-param',
      });
    },
  }),
];
