/**
 * A service create body that sets every optional field to a value other than its default, with
 * at least two items in every list the caller builds (so a list cut to one item, emptied or with
 * an item repeated reads differently), and the zero values the spec allows inside those items:
 * an unpublished port with no outer port, bindings with no host path and not rewritable; beside
 * them a binding of a host path (writable) and one taking the volumes of another service, so that
 * each binding field is sent with a value of its own.
 */
import type { CloudContext } from '../support/context.ts';
import { createService, LONG_RUNNING, serviceBody } from '../support/app.ts';
import type { Json } from '../support/lists.ts';

export async function everyFieldBody(ctx: CloudContext): Promise<Json> {
  const first = await createService(ctx, serviceBody(ctx, undefined));
  const second = await createService(ctx, serviceBody(ctx, undefined));
  return serviceBody(ctx, undefined, {
    image: 'busybox:1.36',
    nickname: ctx.uniqueName('nick'),
    target_num_containers: 2,
    run_command: LONG_RUNNING,
    entrypoint: '/bin/sh -c',
    container_ports: [
      { protocol: 'udp', inner_port: 5353, outer_port: 15353, published: true },
      { protocol: 'tcp', inner_port: 8080 },
    ],
    container_envvars: [
      { key: 'CONFORMANCE', value: 'yes' },
      { key: 'CONFORMANCE_TWO', value: '2' },
    ],
    linked_to_service: [
      { to_service: first.resource_uri, name: 'conformance-db' },
      { to_service: second.resource_uri, name: 'conformance-cache' },
    ],
    bindings: [
      { container_path: '/conformance-data', rewritable: false },
      { container_path: '/conformance-more', rewritable: false },
      { host_path: '/tmp', container_path: '/conformance-host', rewritable: true },
      { volumes_from: first.resource_uri },
    ],
    autorestart: 'ON_FAILURE',
    autodestroy: 'ON_SUCCESS',
    sequential_deployment: true,
    roles: ['global'],
    privileged: true,
    deployment_strategy: 'HIGH_AVAILABILITY',
    tags: [{ name: 'conformance-a' }, { name: 'conformance-b' }],
    autoredeploy: true,
    net: 'host',
    pid: 'host',
    working_dir: '/tmp',
  });
}
