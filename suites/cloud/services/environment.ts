/**
 * Spec: Services (container_envvars, entrypoint, run_command, link_variables, autorestart,
 * autodestroy). The role `global` (VENDOR_AUTH) is checked with Authentication (suites/cloud/auth).
 */
import { cloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import {
  sharedNodes,
  containersOf,
  createService,
  firstContainer,
  operateAndSettle,
  runningService,
  serviceBody,
  settled,
  waitForContainers,
  type AppNodes,
  type ServiceRef,
  ENTRYPOINT_IMAGE,
  NON_ROOT_IMAGE,
} from '../support/app.ts';
import type { Json } from '../support/lists.ts';
import type { Container } from '../support/views.generated.ts';
import { allLines, environment, printedIn, printenv } from '../support/streams.ts';
import { holdsName } from '../support/spelling.ts';
import { commandLinesIn, runsCommand } from '../support/processes.ts';
import { OPERATION, operationRequirement } from '../support/operation-requirements.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

const R = {
  overrides: 'cloud/service/overrides-image',
  linkVariables: 'cloud/service/link-variables',
  restart: 'cloud/service/autorestart-autodestroy-semantics',
  workingDir: 'cloud/service/working-dir-in-containers',
  userRoot: 'cloud/service/create/default-user-root',
  rewritable: 'cloud/service/binding-rewritable-in-containers',
  rewritableDefault: 'cloud/service/create/default-binding-rewritable-true',
  inherits: 'cloud/container/get/inherits-service',
};

/** A working directory other than the default / and the image's own, present in the fixture image. */
const WORKING_DIR = '/tmp';
const OVERRIDDEN_PATH = '/conformance/bin:/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

/** A user of the fixture image other than root. */
const OTHER_USER = 'nobody';

/** The directory a command run by exec in the container starts in. */
const pwdIn = (ctx: CloudContext, container: Container): Promise<string> => printedIn(ctx, container, 'pwd');

/** Each of the service's two running containers runs a command given by exec as `user`. */
async function expectUserInContainers(ctx: CloudContext, svc: ServiceRef, user: string): Promise<void> {
  // Two containers: a user applied to the first deployed only shows.
  for (const container of await waitForContainers(ctx, svc, 2))
    ctx.expectEqual(await printedIn(ctx, container, 'whoami'), user, `whoami in container ${String(container.name)} does not print ${user}`, R.userRoot);
}

/**
 * The containers' own programs run as `user`, not only what exec runs: a like service (`extra`) of two containers whose
 * run_command is `whoami` logs, from each container's program, that user (a target passing the user to exec only logs root).
 */
async function expectProgramsRunAs(ctx: CloudContext, at: AppNodes, extra: Json, user: string): Promise<void> {
  const svc = await operateAndSettle(
    ctx,
    await createService(ctx, serviceBody(ctx, at, { ...extra, run_command: 'whoami', target_num_containers: 2 })),
    'start',
  );
  const started = operationRequirement(svc.resource_uri, 'start');
  for (const container of await ctx.setUp(() => waitForContainers(ctx, svc, 2, ['Running', 'Stopped']), started)) {
    await ctx.waitForState('container', container.resource_uri, ['Stopped']);
    const lines = (await allLines(ctx, container.resource_uri)).map((l) => String(l.log).trim());
    ctx.expect(lines.includes(user), `the program (run_command whoami) of container ${String(container.name)} did not log ${user}`, {
      expected: user,
      actual: lines.slice(0, 10),
      requirement: R.userRoot,
    });
  }
}

/** A service whose finite run_command exits with code 3, with the given restart/destroy policy; its container. */
async function exitedContainer(ctx: CloudContext, at: AppNodes, policy: Json): Promise<{ svc: Json; container: Json }> {
  const svc = await createService(ctx, serviceBody(ctx, at, { run_command: 'echo conformance-exit; exit 3', ...policy }));
  await operateAndSettle(ctx, svc, 'start');
  // Terminated included: with autodestroy the container may already be gone.
  const [container] = await containersOf(ctx, svc);
  return {
    svc,
    container: container ?? ctx.preconditionUnmet('the started service lists no container', operationRequirement(String(svc.resource_uri), 'start')),
  };
}

/** Polls a container for `ms`; returns every state it was seen in and the last object. */
async function watch(ctx: CloudContext, uri: string, ms: number): Promise<{ states: string[]; starts: Set<unknown>; last: Json }> {
  const deadline = Date.now() + ms;
  const states: string[] = [];
  const starts = new Set<unknown>();
  let last: Json = {};
  while (Date.now() < deadline) {
    last = await ctx.getJson('container', uri, 'container');
    if (states.at(-1) !== last.state) states.push(String(last.state));
    starts.add(last.started_datetime);
    if (last.state === 'Terminated') break;
    await new Promise((r) => setTimeout(r, 40));
  }
  return { states, starts, last };
}

/**
 * The variables a link brought a container: in its environment, not in that of a like container
 * without the link, and named after the link (the service name is "used in variable names").
 */
function broughtByLink(linking: Map<string, string>, unlinked: Map<string, string>, link: string): string[] {
  return [...linking.keys()].filter((key) => !unlinked.has(key) && holdsName(key, link));
}

/** The names of the link_variables of a service's containers (a container has the field in per-container form). */
async function containerVariableNames(ctx: CloudContext, svc: Json): Promise<string[]> {
  const uris = Array.isArray(svc.containers) ? (svc.containers as string[]) : [];
  const containers = await Promise.all(uris.map((uri) => ctx.getJson('container', uri)));
  return containers.flatMap((c) => Object.keys((c.link_variables as Record<string, string> | null | undefined) ?? {}));
}

export default [
  cloudCheck({
    id: R.overrides,
    title: "container_envvars override the image's variables; entrypoint and run_command, when set, replace the image's in the containers",
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at, { container_envvars: [{ key: 'PATH', value: OVERRIDDEN_PATH }], entrypoint: 'sleep', run_command: '86400' });
      const container = await firstContainer(ctx, svc);
      // container_envvars means the variables themselves (key and value), on the service and on each container.
      for (const [what, vars] of [
        ['service', svc.container_envvars],
        ['container', container.container_envvars],
      ] as const)
        ctx.expect(
          Array.isArray(vars) && vars.some((v) => v?.key === 'PATH' && v?.value === OVERRIDDEN_PATH),
          `the ${what}'s container_envvars does not hold the variable PATH=${OVERRIDDEN_PATH} the service was created with`,
          { expected: [{ key: 'PATH', value: OVERRIDDEN_PATH }], actual: vars, requirement: R.overrides },
        );
      ctx.expectEqual(
        await printenv(ctx, container, 'PATH', R.overrides),
        OVERRIDDEN_PATH,
        "the container's PATH is not the service's container_envvars value",
        R.overrides,
      );
      ctx.expectEqual(
        [container.entrypoint, container.run_command],
        ['sleep', '86400'],
        'the container does not carry the entrypoint and run_command of its service',
        R.overrides,
      );
      const marker = `conformance-override-${Math.random().toString(36).slice(2, 8)}`;
      const printer = await createService(ctx, serviceBody(ctx, at, { run_command: `echo ${marker}` }));
      await operateAndSettle(ctx, printer, 'start');
      const [done] = await waitForContainers(ctx, printer, 1, ['Stopped', 'Running']);
      const lines = await ctx.waitForState('container', done!.resource_uri, ['Stopped']).then(() => allLines(ctx, done!.resource_uri));
      ctx.expect(
        lines.some((l) => String(l.log).includes(marker)),
        "the container did not run the service's run_command (its output is not in the logs)",
        { expected: marker, actual: lines.map((l) => l.log).slice(0, 10), requirement: R.overrides },
      );
    },
  }),
  cloudCheck({
    id: `${R.overrides}/image-entrypoint`,
    title:
      "On an image with an ENTRYPOINT of its own, the service's entrypoint and run_command are what the container runs " +
      '(a process of it runs sleep 86400, whatever process is PID 1)',
    requirements: [R.overrides],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      // busybox has no entrypoint to override: an image entrypoint winning over the service's shows only on an image that has one.
      const body = serviceBody(ctx, await sharedNodes(ctx), { image: ENTRYPOINT_IMAGE, entrypoint: 'sleep', run_command: '86400' });
      const svc = await operateAndSettle(ctx, await createService(ctx, body), 'start');
      // `git sleep 86400` (the image's entrypoint winning) exits at once: the container must run and keep running.
      const [container] = await waitForContainers(ctx, svc, 1, ['Running'], undefined, R.overrides);
      const seen = await watch(ctx, container!.resource_uri, 1000);
      ctx.expectEqual(seen.states, ['Running'], `the container of ${ENTRYPOINT_IMAGE} with entrypoint sleep did not keep running`, R.overrides);
      // What the container runs is the service's command line; the spec does not make it PID 1 (an init may run it).
      const running = await commandLinesIn(ctx, container!);
      ctx.expect(
        running.some((argv) => runsCommand(argv, ['sleep', '86400'])),
        `no process of the container of ${ENTRYPOINT_IMAGE} runs the service's entrypoint and run_command (sleep 86400)`,
        { expected: 'a process whose command line is sleep 86400', actual: running.map((argv) => argv.join(' ')), requirement: R.overrides },
      );
    },
  }),
  cloudCheck({
    id: R.linkVariables,
    title:
      "A container of a service linking to another has that service's link_variables in its environment, " +
      'and the variables the link brings it (beside a like container without the link) are among them',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const server = await runningService(ctx, at, {
        container_ports: [{ protocol: 'tcp', inner_port: 6379 }],
        container_envvars: [{ key: 'CONFORMANCE_SECRET', value: 's3cret' }],
      });
      const client = await runningService(ctx, at, { linked_to_service: [{ to_service: server.resource_uri, name: server.name }] });
      // The same service without the link: what the linking container has beyond it, named after the link, the link brought.
      const plain = await runningService(ctx, at);
      const got = await ctx.getJson('service', server.resource_uri, 'linked service');
      const vars: Record<string, string> = (got.link_variables as Record<string, string> | null | undefined) ?? {};
      const env = await environment(ctx, await firstContainer(ctx, client), R.linkVariables);
      const brought = broughtByLink(env, await environment(ctx, await firstContainer(ctx, plain), R.linkVariables), String(server.name));
      ctx.observe(`the link brought ${brought.length} variable(s) to the linking container: ${brought.slice(0, 8).join(', ')}`);
      // Which variables a service exposes the spec does not say (not even for a port or a variable): none shown and none brought breaks no rule.
      if (Object.keys(vars).length === 0 && brought.length === 0)
        ctx.unverified(
          `the linked service (a port, a variable) exposes no variables: its link_variables are ${JSON.stringify(got.link_variables)} and the link brings none`,
        );
      const shown = new Set([...Object.keys(vars), ...(await containerVariableNames(ctx, got))]);
      const unshown = brought.filter((k) => !shown.has(k));
      ctx.expect(
        unshown.length === 0,
        `${unshown.length} variable(s) the link exposes to the linking container are not in the linked service's link_variables`,
        {
          expected: "every variable the link brings among link_variables (the service's, or its containers')",
          actual: { unshown: unshown.slice(0, 5), link_variables: Object.keys(vars).slice(0, 10) },
          requirement: R.linkVariables,
        },
      );
      const missing = Object.entries(vars).filter(([k, v]) => env.get(k) !== v);
      ctx.expect(missing.length === 0, `${missing.length} link variable(s) of the linked service are not in the linking container's environment`, {
        expected: Object.fromEntries(missing.slice(0, 5)),
        actual: Object.fromEntries(missing.slice(0, 5).map(([k]) => [k, env.get(k)])),
        requirement: R.linkVariables,
      });
    },
  }),
  cloudCheck({
    id: R.restart,
    title: 'autorestart ON_FAILURE starts a container again after a failing exit; autodestroy ALWAYS terminates it after its exit (names only: observed)',
    endpoint: 'cloud/service/get',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const restarting = await exitedContainer(ctx, at, { autorestart: 'ON_FAILURE' });
      const seen = await watch(ctx, String(restarting.container.resource_uri), 1500);
      ctx.observe(`autorestart ON_FAILURE after exit 3: states seen ${seen.states.join(' → ')}`);
      ctx.expect(
        seen.starts.size > 1 || seen.states.filter((s) => s === 'Running').length > 1,
        'a container with autorestart ON_FAILURE was not started again after exiting with code 3',
        {
          expected: 'started again',
          actual: seen.states,
          requirement: R.restart,
        },
      );
      const destroyed = await exitedContainer(ctx, at, { autodestroy: 'ALWAYS' });
      const end = await watch(ctx, String(destroyed.container.resource_uri), 1500);
      ctx.observe(`autodestroy ALWAYS after exit 3: states seen ${end.states.join(' → ')}`);
      ctx.expectEqual(end.last.state, 'Terminated', 'a container with autodestroy ALWAYS was not terminated after its exit', R.restart);
    },
  }),
  cloudCheck({
    id: R.workingDir,
    title: 'working_dir is the working directory of every container of the service: a command run by exec in each starts there',
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      // Two containers: a directory applied to the first deployed only shows.
      const svc = await runningService(ctx, await sharedNodes(ctx), { working_dir: WORKING_DIR, target_num_containers: 2 });
      for (const container of await waitForContainers(ctx, svc, 2)) {
        ctx.expectEqual(
          await pwdIn(ctx, container),
          WORKING_DIR,
          `pwd in container ${String(container.name)} does not print the service's working_dir ${WORKING_DIR}`,
          R.workingDir,
        );
      }
    },
  }),
  cloudCheck({
    id: `${R.userRoot}/in-containers`,
    title:
      "user is the user in the service's containers, root by default: in each container of a service created without one, " +
      `on an image whose USER is not root (${NON_ROOT_IMAGE}), a command run by exec and its own program (run_command whoami, its log) run as root`,
    requirements: [R.userRoot],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      // busybox sets no USER, so its engine default is root already: only an image with a USER of its own tells the two apart.
      const image = { image: NON_ROOT_IMAGE };
      await expectUserInContainers(ctx, await runningService(ctx, at, { ...image, target_num_containers: 2 }), 'root');
      await expectProgramsRunAs(ctx, at, image, 'root');
    },
  }),
  cloudCheck({
    id: `${R.userRoot}/given-user-in-containers`,
    title:
      'A service that shows the user it was created with (nobody) runs its containers as that user: ' +
      "a command run by exec in each prints it, and each container's own program (run_command whoami) logs it",
    requirements: [R.userRoot],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const svc = await runningService(ctx, at, { user: OTHER_USER, target_num_containers: 2 });
      // The create body table does not list user: a target that ignores it leaves nothing to compare.
      if (svc.user !== OTHER_USER) ctx.unverified(`a service created with user ${OTHER_USER} shows user ${JSON.stringify(svc.user)}`);
      await expectUserInContainers(ctx, svc, OTHER_USER);
      await expectProgramsRunAs(ctx, at, { user: OTHER_USER }, OTHER_USER);
    },
  }),
  cloudCheck({
    id: R.rewritable,
    title: 'A binding is writable in the containers when rewritable is true or left out, and read-only when it is false',
    requirements: [R.rewritable, R.rewritableDefault],
    endpoint: 'cloud/container/exec',
    async run(ctx) {
      const bindings: Array<[string, Json]> = [
        ['left out', { container_path: '/conformance-default' }],
        ['true', { container_path: '/conformance-rw', rewritable: true }],
        ['false', { container_path: '/conformance-ro', rewritable: false }],
      ];
      const svc = await runningService(ctx, await sharedNodes(ctx), { bindings: bindings.map(([, b]) => b) });
      const container = await firstContainer(ctx, svc);
      for (const [rewritable, b] of bindings) {
        const written = (await printedIn(ctx, container, `touch ${String(b.container_path)}/probe && echo conformance-written`)).includes(
          'conformance-written',
        );
        ctx.expectEqual(
          written,
          rewritable !== 'false',
          `a file ${written ? 'was' : 'could not be'} created under ${String(b.container_path)}, a binding with rewritable ${rewritable}`,
          rewritable === 'left out' ? [R.rewritableDefault, R.rewritable] : R.rewritable,
        );
      }
    },
  }),
  cloudCheck({
    id: `${R.inherits}/working-dir-runs-in`,
    title: "A container's working_dir is the directory it runs in: after a service PATCH of working_dir without redeploy too",
    requirements: [R.inherits, R.workingDir],
    endpoint: 'cloud/container/get',
    async run(ctx) {
      const svc = await runningService(ctx, await sharedNodes(ctx), { working_dir: WORKING_DIR });
      const [container] = await waitForContainers(ctx, svc, 1);
      ctx.precondition(container !== undefined, 'the running service shows no container');
      // The container is not redeployed: whether it still runs in the old directory is not stated, that its field says where it runs is.
      const update = await ctx.api.patch(svc.resource_uri, { working_dir: '/' });
      ctx.precondition(isSuccess(update.status), `PATCH working_dir answered ${update.status}`, OPERATION.serviceUpdate);
      await settled(ctx, 'service', svc.resource_uri);
      const got = await ctx.getJson('container', String(container?.resource_uri), 'the container');
      const runsIn = await pwdIn(ctx, got);
      const synchronized = (await ctx.getJson('service', svc.resource_uri)).synchronized;
      ctx.observe(`after the PATCH: the container runs in ${runsIn}, the service is synchronized=${String(synchronized)}`);
      ctx.expectEqual(got.working_dir, runsIn, "the container's working_dir is not the directory a command run by exec in it starts in", R.inherits);
    },
  }),
];
