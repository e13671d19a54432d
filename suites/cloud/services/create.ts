/** Spec: Services > POST /api/app/v1/[ns/]service/ (create body, defaults, required fields, value sets). */
import { cloudCheck, type CloudCheck } from '../support/check.ts';
import type { CloudContext } from '../support/context.ts';
import { containersOf, createService, IMAGE, live, operateAndSettle, serviceBody, serviceCreatedBy, SERVICES, sharedNodes } from '../support/app.ts';
import { postFriendlyNamed } from '../support/friendly-name.ts';
import type { Service } from '../support/views.generated.ts';
import { operationRequirement } from '../support/operation-requirements.ts';
import { verifyKept } from '../support/kept.ts';
import { sameResource, type Json } from '../support/lists.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';
import { expectRefusedCreate, LINK_NOT_SERVICE_URI, REFUSED_BODIES, refusedCheck } from './refused-bodies.ts';

const ENDPOINT = 'cloud/service/create';
const R = {
  requiresImage: 'cloud/service/create/requires-image',
  defaultName: 'cloud/service/create/default-name-image-without-namespace',
  imageTag: 'cloud/service/create/image-name-tag-latest',
  defaultNickname: 'cloud/service/create/default-nickname-name',
  published: 'cloud/service/create/default-port-published-false',
  outerPort: 'cloud/service/create/default-port-outer-port-dynamic',
  rewritable: 'cloud/service/create/default-binding-rewritable-true',
  enums: 'cloud/service/create/enum-values-accepted',
  enumsRefused: 'cloud/service/create/enum-other-values-refused',
  tagStrings: 'cloud/service/create/tags-as-strings',
};

/**
 * An image in engine format whose registry names a port: its colon is no tag. The service is only
 * created, never started, so the registry is never asked for it.
 */
export const PORTED_IMAGE = 'registry.conformance.example:5000/conformance/app';
const PORTED_NAME = 'app';

/**
 * A manifest digest docker.io/library/busybox is pinned by in public deployment scripts. The cloud API shows no digest of
 * an image (image_name is what was sent) and the suite pulls nothing, so it is not checked against a registry here: the
 * services are only created, never started, and a target that resolves the reference and does not know it refuses the
 * create, which leaves the default name unverified with its answer.
 */
const BUSYBOX_DIGEST = 'sha256:73aaf090f3d85aa34ee199857f03fa3a95c8ede2ffd4cc2cdb5b94e566b11662';
/** Images pinned by digest (name@sha256:<hex>, no tag; one behind a registry host with a port) and the default name each gives. */
const PINNED: ReadonlyArray<[string, string]> = [
  [`busybox@${BUSYBOX_DIGEST}`, 'busybox'],
  [`${PORTED_IMAGE}@${BUSYBOX_DIGEST}`, PORTED_NAME],
];

/** Create then read back: the value the service shows (the GET, which must agree with the answer). */
async function createdField(ctx: CloudContext, body: Json, requirement: string): Promise<Json> {
  return readBack(ctx, await createService(ctx, body), requirement);
}

/** The created service as a GET shows it. */
async function readBack(ctx: CloudContext, created: Service, requirement: string): Promise<Json> {
  const got = await ctx.getJson('service', created.resource_uri, 'the created service');
  ctx.expectView('service', got, 'GET service', requirement);
  return got;
}

/**
 * One documented default: a create body without the field gives the service the value, and (for
 * fields of the create body) a body with `other` gives it `other`, so that a target that always
 * shows the default does not pass.
 */
function defaultCheck(
  slug: string,
  field: string,
  expected: unknown[],
  title: string,
  other?: unknown | ((ctx: CloudContext) => Promise<unknown>),
): CloudCheck {
  const id = `cloud/service/create/default-${slug}`;
  return cloudCheck({
    id,
    title,
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await createdField(ctx, { image: IMAGE, name: serviceBody(ctx, undefined).name }, id);
      ctx.verify(
        expected.some((e) => JSON.stringify(e) === JSON.stringify(got[field])),
        `a service created without ${field} has ${field} ${JSON.stringify(got[field])}`,
        {
          expected: expected.length === 1 ? expected[0] : expected,
          actual: got[field],
          requirement: id,
        },
      );
      if (other === undefined) return;
      const sent = { [field]: typeof other === 'function' ? await ctx.setUp(() => other(ctx)) : other };
      verifyKept(
        ctx,
        sent,
        await createdField(ctx, { image: IMAGE, name: serviceBody(ctx, undefined).name, ...sent }, id),
        `a service created with ${field} ${JSON.stringify(other)}`,
        id,
      );
    },
  });
}

/** A link to another service of this check (a URI only the target can give). */
async function linkToAnother(ctx: CloudContext): Promise<Json[]> {
  const other = await createService(ctx, serviceBody(ctx, undefined));
  return [{ to_service: other.resource_uri, name: 'conformance-db' }];
}

const DEFAULTS: CloudCheck[] = [
  defaultCheck('target-num-containers-1', 'target_num_containers', [1], 'target_num_containers defaults to 1; 2 sent is kept', 2),
  defaultCheck('run-command-null', 'run_command', [null], 'run_command defaults to null; a command sent is kept', 'sleep 60'),
  defaultCheck('entrypoint-null', 'entrypoint', [null], 'entrypoint defaults to null; an entrypoint sent is kept', '/bin/sh -c'),
  defaultCheck('container-ports-empty', 'container_ports', [[]], 'container_ports defaults to []; a port sent is kept', [
    { protocol: 'tcp', inner_port: 8080 },
  ]),
  defaultCheck('container-envvars-empty', 'container_envvars', [[]], 'container_envvars defaults to []; a variable sent is kept', [
    { key: 'CONFORMANCE', value: 'yes' },
  ]),
  defaultCheck('linked-to-service-empty', 'linked_to_service', [[]], 'linked_to_service defaults to []; a link sent is kept', linkToAnother),
  defaultCheck('bindings-empty', 'bindings', [[]], 'bindings defaults to []; a binding sent is kept', [{ container_path: '/conformance-data' }]),
  defaultCheck('autorestart-off', 'autorestart', ['OFF'], 'autorestart defaults to OFF; ALWAYS sent is kept', 'ALWAYS'),
  defaultCheck('autodestroy-off', 'autodestroy', ['OFF'], 'autodestroy defaults to OFF; ALWAYS sent is kept', 'ALWAYS'),
  // sequential_deployment: its own checks (sequential-default.ts), which see the default in a stack's services and in its effect too.
  defaultCheck('roles-empty', 'roles', [[]], 'roles defaults to []; global sent is kept', ['global']),
  defaultCheck('privileged-false', 'privileged', [false], 'privileged defaults to false; true sent is kept', true),
  defaultCheck(
    'deployment-strategy-emptiest-node',
    'deployment_strategy',
    ['EMPTIEST_NODE'],
    'deployment_strategy defaults to EMPTIEST_NODE; HIGH_AVAILABILITY sent is kept',
    'HIGH_AVAILABILITY',
  ),
  defaultCheck('tags-empty', 'tags', [[]], 'tags defaults to []; a tag sent is kept', [{ name: 'conformance-a' }]),
  defaultCheck('autoredeploy-false', 'autoredeploy', [false], 'autoredeploy defaults to false; true sent is kept', true),
  defaultCheck('net-bridge', 'net', ['bridge'], 'net defaults to bridge; host sent is kept', 'host'),
  defaultCheck('pid-none', 'pid', ['none'], 'pid defaults to none; host sent is kept', 'host'),
  defaultCheck('working-dir-slash', 'working_dir', ['/'], 'working_dir defaults to /; /tmp sent is kept', '/tmp'),
  // "root by default": the field may spell root, or leave the engine's default (root) empty. user, tty, stdin_open and
  // read_only are not fields of the create body: only their default can be seen.
  defaultCheck('user-root', 'user', ['root', ''], 'user is root by default'),
  defaultCheck('tty-false', 'tty', [false], 'tty defaults to false'),
  defaultCheck('stdin-open-false', 'stdin_open', [false], 'stdin_open defaults to false'),
  defaultCheck('read-only-false', 'read_only', [false], 'read_only defaults to false'),
];

/** Every documented value, spread over three services. */
const ENUM_BODIES: Json[] = [
  {
    autorestart: 'OFF',
    autodestroy: 'OFF',
    deployment_strategy: 'EMPTIEST_NODE',
    net: 'bridge',
    pid: 'none',
    container_ports: [{ protocol: 'tcp', inner_port: 80 }],
    roles: [],
  },
  {
    autorestart: 'ON_FAILURE',
    autodestroy: 'ON_SUCCESS',
    deployment_strategy: 'HIGH_AVAILABILITY',
    net: 'host',
    pid: 'host',
    container_ports: [{ protocol: 'udp', inner_port: 53 }],
    roles: ['global'],
  },
  { autorestart: 'ALWAYS', autodestroy: 'ALWAYS', deployment_strategy: 'EVERY_NODE' },
];

/** One value outside each documented value set (the update body's value sets are these too). */
export const BOGUS: Json[] = [
  { autorestart: 'SOMETIMES' },
  { autodestroy: 'NEVER' },
  { deployment_strategy: 'FULLEST_NODE' },
  { net: 'overlay' },
  { pid: 'container' },
  { container_ports: [{ protocol: 'sctp', inner_port: 80 }] },
  { roles: ['admin'] },
  // The value sets are of these exact strings: one that differs only in case is outside them too.
  { autorestart: 'always' },
  { autodestroy: 'On_Success' },
];

export default [
  cloudCheck({
    id: R.requiresImage,
    title:
      'image is required: a body without it, or with an empty, null, number or list image (no string, so no image in engine format), ' +
      'is refused and creates nothing',
    endpoint: ENDPOINT,
    async run(ctx) {
      const { image: _image, ...body } = serviceBody(ctx, undefined);
      await expectRefusedCreate(ctx, body, R.requiresImage);
      // The zero values of the field, and values of another JSON type than the spec's S: a check of presence alone
      // lets a service without an image in, and a loose string conversion turns 42 into an image name.
      for (const image of ['', null, 42, ['busybox:latest']]) await expectRefusedCreate(ctx, { ...serviceBody(ctx, undefined), image }, R.requiresImage);
    },
  }),
  cloudCheck({
    id: R.imageTag,
    title:
      'image_name is the image name and tag: an image sent without a tag is shown with the tag latest (the create answer and a later GET), ' +
      'also where a registry port precedes the name',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const untagged of [IMAGE.split(':')[0]!, PORTED_IMAGE]) {
        const sent = { image: `${untagged}:latest` };
        const created = await createService(ctx, { image: untagged, name: serviceBody(ctx, undefined).name });
        verifyKept(ctx, sent, created, `the create answer of image '${untagged}'`, R.imageTag);
        verifyKept(ctx, sent, await ctx.getJson('service', created.resource_uri, 'the created service'), `a later GET of image '${untagged}'`, R.imageTag);
      }
    },
  }),
  cloudCheck({
    id: R.defaultName,
    title: 'name defaults to the image name without namespace and tag; nickname defaults to name (also to a name with capitals, kept as written)',
    requirements: [R.defaultName, R.defaultNickname],
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await createdField(ctx, { image: 'library/busybox:1.36' }, R.defaultName);
      ctx.expectEqual(got.name, 'busybox', "the default name of image 'library/busybox:1.36' is not 'busybox'", R.defaultName);
      ctx.expectEqual(got.nickname, got.name, 'nickname does not default to name', R.defaultNickname);
      // A registry with a port before the namespace: the name is still the last path segment, without its tag.
      const ported = await createdField(ctx, { image: `${PORTED_IMAGE}:1.0` }, R.defaultName);
      ctx.expectEqual(ported.name, PORTED_NAME, `the default name of image '${PORTED_IMAGE}:1.0' is not '${PORTED_NAME}'`, R.defaultName);
      // A name with capitals and spaces: a default made from the name (lowercased, a hostname label) is not the name.
      const body = (name: string): Json => serviceBody(ctx, undefined, { name });
      const { name, res } = await postFriendlyNamed(ctx, 'svc', (n) => ctx.api.post(SERVICES, body(n)));
      const named = await readBack(ctx, serviceCreatedBy(ctx, res, body(name)), R.defaultNickname);
      ctx.expectEqual(named.nickname, named.name, 'nickname does not default to the name sent', R.defaultNickname);
    },
  }),
  cloudCheck({
    id: `${R.defaultName}/digest`,
    requirements: [R.defaultName],
    title: 'name defaults to the image name without namespace for an image pinned by digest too: busybox@sha256:<hex> gives busybox',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const [image, expected] of PINNED) {
        const res = await ctx.api.post(SERVICES, { image });
        // A refusal is not this rule's: the create of an image by digest may resolve it, and the digest is not one the target shows.
        if (!isSuccess(res.status)) {
          ctx.cannotVerify(`the create of image '${image}' answered ${res.status}: ${res.text().slice(0, 200)}`);
          continue;
        }
        const got = await readBack(ctx, serviceCreatedBy(ctx, res, { image }), R.defaultName);
        ctx.expectEqual(got.name, expected, `the default name of image '${image}' (pinned by digest) is not '${expected}'`, R.defaultName);
      }
    },
  }),
  ...DEFAULTS,
  cloudCheck({
    id: R.published,
    title: 'A container port without published is not published; a binding without rewritable is writable',
    requirements: [R.published, R.rewritable],
    endpoint: ENDPOINT,
    async run(ctx) {
      const got = await createdField(
        ctx,
        serviceBody(ctx, undefined, { container_ports: [{ protocol: 'tcp', inner_port: 8080 }], bindings: [{ container_path: '/data' }] }),
        R.published,
      );
      const port = (got.container_ports as Json[] | undefined)?.[0];
      ctx.expectEqual(port?.published, false, 'a port sent without published is published', R.published);
      ctx.expectEqual((got.bindings as Json[] | undefined)?.[0]?.rewritable, true, 'a binding sent without rewritable is not writable', R.rewritable);
    },
  }),
  cloudCheck({
    id: R.outerPort,
    title:
      'A published port without outer_port gets a dynamically allocated outer_port: two containers of one service on one node, ' +
      'both publishing inner port 8080, get two different outer ports (so not both the inner port)',
    endpoint: ENDPOINT,
    async run(ctx) {
      const at = await sharedNodes(ctx);
      const body = serviceBody(ctx, at, { target_num_containers: 2, container_ports: [{ protocol: 'tcp', inner_port: 8080, published: true }] });
      const svc = await createService(ctx, body);
      await operateAndSettle(ctx, svc, 'start');
      const containers = live(await containersOf(ctx, svc));
      const start = operationRequirement(svc.resource_uri, 'start');
      ctx.precondition(containers.length === 2, `the started service ${svc.resource_uri} has ${containers.length} live container(s), not 2`, start);
      ctx.precondition(sameResource(containers[0]!.node, containers[1]!.node), 'the two containers of a service tagged for one node are on two nodes', start);
      const ports = containers.map((c) => (c.container_ports as Json[] | undefined)?.find((p) => p.inner_port === 8080));
      for (const port of ports) {
        ctx.expect(
          Number.isInteger(port?.outer_port) && (port?.outer_port as number) > 0,
          `the published port has outer_port ${JSON.stringify(port?.outer_port)}`,
          {
            expected: 'an allocated port number',
            actual: port,
            requirement: R.outerPort,
          },
        );
        ctx.expectEqual(port?.published, true, 'the port sent as published is not published', R.outerPort);
      }
      const outers = ports.map((p) => p?.outer_port);
      ctx.expect(outers[0] !== outers[1], 'two containers on one node publishing inner port 8080 without outer_port got the same outer port: not allocated', {
        expected: 'two different outer ports, allocated per container',
        actual: outers,
        requirement: R.outerPort,
      });
    },
  }),
  ...[...REFUSED_BODIES, LINK_NOT_SERVICE_URI].map(refusedCheck),
  cloudCheck({
    id: R.enums,
    title: 'Every documented value of autorestart, autodestroy, deployment_strategy, net, pid, port protocol and roles is accepted and echoed',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const values of ENUM_BODIES) {
        const got = await createdField(ctx, serviceBody(ctx, undefined, values), R.enums);
        for (const [field, value] of Object.entries(values)) {
          const actual = field === 'container_ports' ? (got[field] as Json[]).map((p) => ({ protocol: p.protocol, inner_port: p.inner_port })) : got[field];
          ctx.expectEqual(actual, value, `${field} ${JSON.stringify(value)} was not echoed`, R.enums);
        }
      }
    },
  }),
  cloudCheck({
    id: R.enumsRefused,
    title: 'A value outside a documented value set (autorestart, autodestroy, deployment_strategy, net, pid, protocol, roles) is refused',
    endpoint: ENDPOINT,
    async run(ctx) {
      for (const bad of BOGUS) await expectRefusedCreate(ctx, serviceBody(ctx, undefined, bad), R.enumsRefused);
    },
  }),
  cloudCheck({
    id: R.tagStrings,
    title: 'tags sent as ["name", ...] are accepted; the service shows them as [{"name": ...}]',
    endpoint: ENDPOINT,
    async run(ctx) {
      const res = await ctx.api.post(SERVICES, serviceBody(ctx, undefined, { tags: ['conformance-a'] }));
      if (isSuccess(res.status)) {
        const made = JSON.parse(res.text()) as Json;
        ctx.defer(async () => void (await ctx.api.delete(String(made.resource_uri))));
        ctx.expectEqual(made.tags, [{ name: 'conformance-a' }], 'tags sent as strings are not shown as [{"name": ...}]', R.tagStrings);
        return;
      }
      ctx.fail(`tags sent as a list of strings were refused (${res.status})`, { expected: 'accepted', actual: res.status, requirement: R.tagStrings });
    },
  }),
] satisfies CloudCheck[];
