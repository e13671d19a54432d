/** GET /containers/json items shaped per version. */
import type { ApiVersion } from '../http/router.ts';
import type { Container } from '../state/container.ts';
import type { Engine } from '../state/engine.ts';
import type { FaultSet } from '../faults.ts';
import { networksView, omitEmptyStartFields, portList, statusText, unixSeconds } from './common.ts';
import { sizes } from './container-inspect.ts';

export function listItem(engine: Engine, c: Container, version: ApiVersion, withSize: boolean, faults?: FaultSet): Record<string, unknown> {
  const item: Record<string, unknown> = {
    Id: c.id,
    Names: [listedName(c), ...linkNames(engine, c)],
    Image: c.config.Image,
    // Under list-item-command-program-only the arguments are lost: the program alone is shown.
    Command: faults?.has('list-item-command-program-only') ? (c.argv[0] ?? '') : c.argv.join(' '),
    Created: faults?.has('list-item-created-iso') ? c.created.toISOString() : unixSeconds(c.created),
    // Under restarting-never-shown a container waiting for its policy restart reads as exited.
    Status: statusText(c, new Date(), faults?.has('restarting-never-shown')),
    Ports: portList(c),
    Labels: faults?.has('list-item-no-labels') ? {} : c.config.Labels,
  };
  if ((item.Ports as unknown[]).length === 0 && faults?.has('blind3-list-ports-null')) item.Ports = null;
  if (withSize) Object.assign(item, sizes(engine, c));
  if (item.SizeRw === 0 && faults?.has('list-size-zero-omitted')) delete item.SizeRw;
  if (version === '1.22') {
    item.ImageID = c.imageId;
    // Under `blind8-list-network-mode-first-network` the mode is read back from the network joined at create.
    const firstNetwork = faults?.has('blind8-list-network-mode-first-network') ? [...c.networks.keys()][0] : undefined;
    item.HostConfig = { NetworkMode: firstNetwork ?? c.hostConfig.NetworkMode };
    item.NetworkSettings = { Networks: networksView(c, faults?.has('blind8-networks-prefix-of-primary')) };
  }
  if (faults?.has('unstarted-empty-fields-omitted')) omitEmptyStartFields(item);
  return item;
}

/** Under `blind21-rename-list-names-stale`, the name the list's view kept for a renamed container (its name before the first rename). */
const listedNames = new WeakMap<Container, string>();

/** Under `blind21-rename-list-names-stale`: the list's view keeps `oldName` for `c` (the first one kept stays). */
export function keepListedName(c: Container, oldName: string): void {
  if (!listedNames.has(c)) listedNames.set(c, oldName);
}

/** The name the container list shows and filters on: the container's, or the one a stale view kept. */
export function listedName(c: Container): string {
  return listedNames.get(c) ?? c.name;
}

/** `/parent/alias` for every container that links to this one. */
function linkNames(engine: Engine, c: Container): string[] {
  return engine.containers
    .all()
    .flatMap((parent) =>
      ((parent.hostConfig.Links as string[] | null) ?? [])
        .filter((link) => engine.containers.resolve(link.split(':')[0]!) === c)
        .map((link) => `${parent.name}/${(link.split(':')[1] ?? '').replace(/^.*\//, '')}`),
    );
}
