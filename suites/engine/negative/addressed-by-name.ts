/**
 * The path placeholders name one object by its identifier or by its name: "`(id or name)` is a
 * container identifier or container name", the image `(name)` is "an image name, tag reference
 * or image identifier", and the network operations take `(id or name)` (Conventions; Endpoints
 * 52-56). The rule holds at every operation, not only at inspect: each of the catalog's
 * operations on an object of the check's own is sent naming it by its name (an image by its
 * repo:tag and by a name with a registry host:port), then by its identifier. An operation whose answer is 404 one way where the other way finds the object is a
 * breach; any other answer (a refusal of the object's state included) is the operation's own to judge.
 */
import type { Endpoint, EngineVersion } from '../../../harness/catalog/types.ts';
import { engineCheck, type EngineCheck } from '../support/check.ts';
import type { EngineContext } from '../support/context.ts';
import { registryPortName } from '../support/image-names.ts';
import { ownImage } from '../support/images.ts';
import { createNetwork } from '../support/resources.ts';
import { objectOperations, operationStatus, type OperationNeeds } from './object-operations.ts';

/** An object of the check's own, and how the operations' paths name it. */
interface Addressed {
  id: string;
  /** Its names as the operations' paths name it now (a rename changes them), each sent on its own. */
  names(): Promise<string[]>;
}

interface AddressedKind {
  kind: 'container' | 'image' | 'network';
  prefix: string;
  requirement: string;
  versions: EngineVersion[];
  make(ctx: EngineContext): Promise<Addressed>;
  /** Operations left out, and why. */
  skipped?: Readonly<Record<string, string>>;
  /** Query or body that replaces an operation's default (a fresh name where the operation takes one). */
  needs?(ctx: EngineContext, endpoint: Endpoint): OperationNeeds | undefined;
}

const container: AddressedKind = {
  kind: 'container',
  prefix: '/containers/{id}',
  requirement: 'engine/service/container-id-or-name',
  versions: ['1.18', '1.22'],
  async make(ctx) {
    const { id } = await ctx.createContainer({ cmd: ['true'] });
    const names = async (): Promise<string[]> => {
      const res = await ctx.api.get(`/containers/${id}/json`);
      return [ctx.expectJson<{ Name: string }>(res, 'container inspect').Name.replace(/^\//, '')];
    };
    return { id, names };
  },
  needs: (ctx, endpoint) => (endpoint.id === 'engine/containers/rename' ? { query: { name: ctx.uniqueName('renamed') } } : undefined),
};

const network: AddressedKind = {
  kind: 'network',
  prefix: '/networks/{id}',
  requirement: 'engine/networks/id-or-name',
  versions: ['1.22'],
  async make(ctx) {
    const { id, name } = await ctx.setUp(() => createNetwork(ctx), 'engine/networks/create/201-response-schema');
    return { id, names: async () => [name] };
  },
};

const image: AddressedKind = {
  kind: 'image',
  prefix: '/images/{name}',
  requirement: 'engine/images/inspect/name-tag-or-id',
  versions: ['1.18', '1.22'],
  async make(ctx) {
    const own = await ownImage(ctx, 'by-name');
    // Two tags, each deleted by its own DELETE: the image is found by the second after the first is untagged.
    const portName = await registryPortName(ctx, own.ref, 'by-name-port', own.tag);
    return { id: own.id, names: async () => [own.ref, portName] };
  },
  skipped: { 'engine/images/push': 'a push names its repository, which must name a registry the run gives' },
  needs: (ctx, endpoint) => (endpoint.id === 'engine/images/tag' ? { query: { repo: ctx.uniqueName('by-name-tag'), tag: 't' } } : undefined),
};

/** Start first (a wait then finds the container stopped), rename and delete last (they change or end the name). */
function inOrder(endpoints: Endpoint[]): Endpoint[] {
  const rank = (e: Endpoint): number => (e.id.endsWith('/start') ? 0 : e.id.endsWith('/rename') ? 2 : e.method === 'DELETE' ? 3 : 1);
  return [...endpoints].sort((a, b) => rank(a) - rank(b));
}

function addressedByNameCheck(kind: AddressedKind): EngineCheck {
  return engineCheck({
    id: kind.kind === 'network' ? kind.requirement : `${kind.requirement}/every-operation`,
    title: `Every operation on a ${kind.kind} finds it by its name as by its identifier`,
    requirements: [kind.requirement],
    versions: kind.versions,
    async run(ctx) {
      const object = await kind.make(ctx);
      for (const endpoint of inOrder(objectOperations(kind.prefix, ctx.version))) {
        const op = `${endpoint.method} ${endpoint.path}`;
        const skip = kind.skipped?.[endpoint.id];
        if (skip) {
          ctx.observe(`${op} not sent: ${skip}`);
          continue;
        }
        // A delete the names found leaves nothing for the identifier to find: a second object of
        // the check's own is deleted by its identifier.
        const byIdOf = endpoint.method === 'DELETE' ? (await kind.make(ctx)).id : object.id;
        const byName: Array<[string, number | string]> = [];
        for (const name of await object.names()) byName.push([name, await operationStatus(ctx, endpoint, kind.prefix, name, kind.needs?.(ctx, endpoint))]);
        const byId = await operationStatus(ctx, endpoint, kind.prefix, byIdOf, kind.needs?.(ctx, endpoint));
        for (const [name, status] of byName) {
          if (status === 404 && byId === 404) {
            ctx.observe(`${op} answered 404 by the name '${name}' and by identifier: the ${kind.kind} was not found either way`);
            continue;
          }
          ctx.verify(status !== 404, `${op} answered 404 naming the ${kind.kind} by its name '${name}', and ${byId} naming it by its identifier`, {
            expected: `the ${kind.kind} found by its name, as by its identifier (${byId})`,
            actual: 404,
            requirement: kind.requirement,
          });
        }
        const found = byName.find(([, status]) => status !== 404);
        if (found)
          ctx.verify(byId !== 404, `${op} answered 404 naming the ${kind.kind} by its identifier, and ${found[1]} naming it by its name '${found[0]}'`, {
            expected: `the ${kind.kind} found by its identifier, as by its name (${found[1]})`,
            actual: 404,
            requirement: kind.requirement,
          });
      }
    },
  });
}

/** One check per kind of object the path placeholders name by identifier or by name. */
export function addressedByNameChecks(): EngineCheck[] {
  return [container, image, network].map(addressedByNameCheck);
}
