/**
 * The cloud objects a client can terminate (or, a repository, delete), for the use-after-terminate
 * checks: how a check makes one and ends it, the catalog resource whose endpoints operate on it,
 * and where its list is.
 */
import { setTimeout as sleep } from 'node:timers/promises';
import { CONTAINERS, createService, IMAGE, runningAppContainer, SERVICES, STACKS } from '../support/app.ts';
import type { CloudContext } from '../support/context.ts';
import { CLUSTERS, createCluster, deployedNode, NODES } from '../support/infra.ts';
import { type Json, listAll, sameResource } from '../support/lists.ts';
import { getRequirement } from '../support/operation-requirements.ts';
import { newRepositoryName, REPOSITORIES } from '../repos/repositories.ts';

export interface EndedObject {
  /** Its resource URI (a repository: the path that names it). */
  uri: string;
  uuid?: string;
  /** The name of the one service a stack was made with (its PATCH items name services so). */
  member?: string;
}

/**
 * What a terminated object is made of, which its termination ended (a cluster's nodes, a
 * service's containers, a stack's services): the list that holds them, the query parameter that
 * names the object there, and the object's own field listing them.
 */
export interface Members {
  what: string;
  list: string;
  filter: string;
  field: string;
  /** The requirement a member coming back out of Terminated breaks: the "not reversible" of the DELETE that ended it. */
  requirement: string;
  /**
   * Whether a new live member brings the object back (a terminated cluster or service that gets
   * a node or a container again). A stack's PATCH may name services it lacks; whether a terminated
   * stack takes them is not shown, so only its terminated services are held to staying so.
   */
  newOnesRevive: boolean;
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
  members?: Members;
  /** The requirement the object itself coming back out of Terminated breaks besides the general one: its DELETE's "not reversible". */
  irreversible?: string;
  /**
   * The body of the PATCH sent to the terminated object: one that would bring it back on a target
   * whose update has no state guard (a larger scale target), where its update takes one.
   */
  revivingPatch?(made: EndedObject): Json;
}

const SERVICE_IRREVERSIBLE = 'cloud/service/terminate/not-reversible';
const CLUSTER_IRREVERSIBLE = 'cloud/nodecluster/terminate/not-reversible';
const serviceName = (ctx: CloudContext): string => ctx.uniqueName('svc').slice(-40);
const uriOf = (o: Json): EndedObject => ({ uri: String(o.resource_uri), uuid: typeof o.uuid === 'string' ? o.uuid : undefined });

export const TERMINABLE_KINDS: readonly TerminableKind[] = [
  {
    resource: 'service',
    view: 'service',
    list: SERVICES,
    terminates: 'cloud/service/terminate/effect',
    make: async (ctx) => uriOf(await createService(ctx, { image: IMAGE, name: serviceName(ctx) })),
    members: { what: 'container', list: CONTAINERS, filter: 'service', field: 'containers', requirement: SERVICE_IRREVERSIBLE, newOnesRevive: true },
    irreversible: SERVICE_IRREVERSIBLE,
    revivingPatch: () => ({ target_num_containers: 2 }),
  },
  {
    resource: 'stack',
    view: 'stack',
    list: STACKS,
    terminates: 'cloud/stack/terminate/terminates-services',
    // With a service: its DELETE terminates it, and a PATCH item naming it could scale it back.
    make: async (ctx) => {
      const member = serviceName(ctx);
      const stack = await ctx.create('stack', STACKS, { name: ctx.uniqueName('stack'), services: [{ image: IMAGE, name: member }] }, 'a stack');
      return { ...uriOf(stack), member };
    },
    // Its DELETE "terminates all its services": those are terminated services, whose termination is not reversible.
    members: { what: 'service', list: SERVICES, filter: 'stack', field: 'services', requirement: SERVICE_IRREVERSIBLE, newOnesRevive: false },
    revivingPatch: (made) => ({ services: [{ name: made.member, target_num_containers: 2 }] }),
  },
  {
    resource: 'nodecluster',
    view: 'node-cluster',
    list: CLUSTERS,
    terminates: 'cloud/nodecluster/terminate/terminates-nodes',
    make: async (ctx) => uriOf(await createCluster(ctx)),
    members: { what: 'node', list: NODES, filter: 'node_cluster', field: 'nodes', requirement: CLUSTER_IRREVERSIBLE, newOnesRevive: true },
    irreversible: CLUSTER_IRREVERSIBLE,
    revivingPatch: () => ({ target_num_nodes: 2 }),
  },
  { resource: 'node', view: 'node', list: NODES, terminates: 'cloud/node/terminate/terminates', make: async (ctx) => uriOf((await deployedNode(ctx)).node) },
  {
    resource: 'container',
    view: 'container',
    list: CONTAINERS,
    terminates: 'cloud/container/terminate/effect',
    make: async (ctx) => uriOf(await runningAppContainer(ctx)),
    irreversible: 'cloud/container/terminate/not-reversible',
  },
];

/** The requirement of GET of one object of the kind ("one node", "one cluster"...). */
export function getOf(kind: TerminableKind): string {
  const requirement = getRequirement(kind.view);
  if (!requirement) throw new Error(`no requirement of GET of one ${kind.resource}`);
  return requirement;
}

/**
 * Reads the object `ended` by GET of its resource_uri until it is Terminated, and returns it. Its list
 * holds "current and recently terminated" objects and GET of its URI answers "one" of them: while the
 * list shows the object, GET answers 200 with it (same uuid), Terminated or not; an answer other than
 * 200 then breaks the GET's requirement. A target whose list no longer shows it keeps no terminated
 * object to read (how long a terminated one stays is not shown): the check ends unverified.
 */
export async function terminatedByGet(ctx: CloudContext, kind: TerminableKind, ended: EndedObject, timeoutMs: number): Promise<Json> {
  const requirement = getOf(kind);
  const deadline = Date.now() + timeoutMs;
  let state = '(not read)';
  while (Date.now() < deadline) {
    const res = await ctx.api.get(ended.uri);
    if (res.status !== 200) {
      const listed = (await listAll(ctx, kind.list, ended.uuid ? { uuid: ended.uuid } : {})).find((o) => sameResource(o.resource_uri, ended.uri));
      if (!listed) return ctx.unverified(`GET ${ended.uri} of the terminated ${kind.resource} answered ${res.status} and ${kind.list} no longer shows it`);
      return ctx.fail(`GET ${ended.uri} answered ${res.status} while ${kind.list} shows the ${kind.resource} (state ${String(listed.state)})`, {
        expected: `200 with the ${kind.resource} it lists`,
        actual: { status: res.status, body: res.text().slice(0, 300) },
        requirement,
      });
    }
    const got = ctx.expectJson<Json>(res, `GET ${ended.uri}`, requirement);
    state = String(got.state);
    if (state === 'Terminated') {
      ctx.verify(ended.uuid === undefined || got.uuid === ended.uuid, `GET ${ended.uri} of the terminated ${kind.resource} answered another object`, {
        expected: ended.uuid,
        actual: got.uuid,
        requirement,
      });
      return got;
    }
    await sleep(50);
  }
  return ctx.blockedBy(kind.terminates, `${ended.uri} did not reach Terminated within ${timeoutMs} ms (last state ${state})`);
}

/** An external repository added for the check (removed after it), and the path that names it. */
export async function addedRepository(ctx: CloudContext): Promise<string> {
  const name = newRepositoryName(ctx);
  await ctx.create('external-repository', REPOSITORIES, { name, username: 'conformance-user', password: 'conformance-secret' }, 'an external repository');
  return `${REPOSITORIES}${name}/`;
}
