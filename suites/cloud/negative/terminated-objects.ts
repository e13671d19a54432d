/**
 * The cloud objects a client can terminate (or, a repository, delete), for the use-after-terminate
 * checks: how a check makes one and ends it, the catalog resource whose endpoints operate on it,
 * and where its list is.
 */
import { CONTAINERS, createService, runningAppContainer, SERVICES, STACKS } from '../support/app.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, createCluster, deployedNode, NODES } from '../support/infra.ts';
import type { Json } from '../support/lists.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';

export interface EndedObject {
  /** Its resource URI (a repository: the path that names it). */
  uri: string;
  uuid?: string;
}

export interface TerminableKind {
  /** The catalog resource: endpoint ids start `cloud/<resource>/`. */
  resource: 'service' | 'stack' | 'container' | 'nodecluster' | 'node';
  view: 'service' | 'stack' | 'container' | 'node-cluster' | 'node';
  list: string;
  /** The requirement of its terminate's effect: a terminate that does not end it blocks the check. */
  terminates: string;
  /** Makes one for the check (removed after it); its terminate is the check's own request. */
  make(ctx: CloudContext): Promise<EndedObject>;
}

const uriOf = (o: Json): EndedObject => ({ uri: String(o.resource_uri), uuid: typeof o.uuid === 'string' ? o.uuid : undefined });

export const TERMINABLE_KINDS: readonly TerminableKind[] = [
  {
    resource: 'service',
    view: 'service',
    list: SERVICES,
    terminates: 'cloud/service/terminate/effect',
    make: async (ctx) => uriOf(await createService(ctx, { image: 'busybox:latest', name: ctx.uniqueName('svc').slice(-40) })),
  },
  {
    resource: 'stack',
    view: 'stack',
    list: STACKS,
    terminates: 'cloud/stack/terminate/terminates-services',
    make: async (ctx) => uriOf(await ctx.create('stack', STACKS, { name: ctx.uniqueName('stack') }, 'a stack')),
  },
  {
    resource: 'nodecluster',
    view: 'node-cluster',
    list: CLUSTERS,
    terminates: 'cloud/nodecluster/terminate/terminates-nodes',
    make: async (ctx) => uriOf(await createCluster(ctx)),
  },
  { resource: 'node', view: 'node', list: NODES, terminates: 'cloud/node/terminate/terminates', make: async (ctx) => uriOf((await deployedNode(ctx)).node) },
  {
    resource: 'container',
    view: 'container',
    list: CONTAINERS,
    terminates: 'cloud/container/terminate/effect',
    make: async (ctx) => uriOf(await runningAppContainer(ctx)),
  },
];

/** An external repository added for the check (removed after it), and the path that names it. */
export async function addedRepository(ctx: CloudContext): Promise<string> {
  const name = newRepositoryName(ctx);
  await ctx.create('external-repository', REPOSITORIES, { name, username: 'conformance-user', password: 'conformance-secret' }, 'an external repository');
  return `${REPOSITORIES}${name}/`;
}
