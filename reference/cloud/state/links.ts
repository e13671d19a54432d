/**
 * Links between services. A service exposes link variables (`<NAME>_PORT`, `<NAME>_PORT_80_TCP`,
 * `<NAME>_ENV_<KEY>`, and the same per container `<NAME>_1_...`); containers of a service that
 * links to it receive them under the link's name. linked_to_container lists, for each link, the
 * target's live containers with their endpoints.
 */
import type { World } from '../world.ts';
import type { Container, EnvVar, PortSpec, Service } from './model.ts';
import { liveContainers } from './queries.ts';
import { defaultServiceName } from './service-fields.ts';

export const envName = (name: string): string => name.toUpperCase().replace(/[^A-Z0-9]/g, '_');

function portVars(prefix: string, host: string, ports: readonly PortSpec[]): Record<string, string> {
  const vars: Record<string, string> = {};
  ports.forEach((p, i) => {
    const url = `${p.protocol}://${host}:${p.inner_port}`;
    const base = `${prefix}_PORT_${p.inner_port}_${p.protocol.toUpperCase()}`;
    if (i === 0) vars[`${prefix}_PORT`] = url;
    vars[base] = url;
    vars[`${base}_ADDR`] = host;
    vars[`${base}_PORT`] = String(p.inner_port);
    vars[`${base}_PROTO`] = p.protocol;
  });
  return vars;
}

function envVars(prefix: string, env: readonly EnvVar[]): Record<string, string> {
  return Object.fromEntries(env.map((e) => [`${prefix}_ENV_${e.key}`, e.value]));
}

export function containerLinkVariables(c: Container): Record<string, string> {
  const prefix = envName(c.name);
  return { ...portVars(prefix, c.name, c.config.container_ports), ...envVars(prefix, c.config.container_envvars) };
}

/**
 * The prefix of a service's link variables: its name. Under `blind21-link-variables-image-prefix` the image's repository
 * (the name a service takes when created without one) is used instead.
 */
function linkPrefix(world: World, svc: Service): string {
  if (!world.faults.has('blind21-link-variables-image-prefix')) return envName(svc.config.name);
  return envName(defaultServiceName(svc.config.image_name));
}

export function serviceLinkVariables(world: World, svc: Service): Record<string, string> {
  // Under `link-variables-empty` no service exposes any (nor do its containers, container.ts).
  if (world.faults.has('link-variables-empty')) return {};
  const prefix = linkPrefix(world, svc);
  const vars = { ...portVars(prefix, svc.config.name, svc.config.container_ports), ...envVars(prefix, svc.config.container_envvars) };
  // The containers' own variables are `<NAME>_<n>_...`: under the fault above their name part is the image's too.
  const named = envName(svc.config.name);
  for (const c of liveContainers(world, svc)) {
    const own = containerLinkVariables(c);
    if (prefix === named) Object.assign(vars, own);
    else for (const [key, value] of Object.entries(own)) vars[key.startsWith(named) ? prefix + key.slice(named.length) : key] = value;
  }
  return vars;
}

/** The link variables a service's containers receive, renamed to each link's name. */
export function linkEnvFor(world: World, svc: Service): EnvVar[] {
  if (world.faults.has('link-variables-not-injected') || world.faults.has('link-variables-empty')) return [];
  return svc.links.flatMap((link) => {
    const target = world.store.services.get(link.to);
    if (!target) return [];
    const from = linkPrefix(world, target);
    // Under `blind22-link-env-service-name` the variables are injected as the service exposes them, not renamed to the link's name.
    const to = world.faults.has('blind22-link-env-service-name') ? from : envName(link.name);
    return Object.entries(serviceLinkVariables(world, target)).map(([key, value]) => ({ key: to + key.slice(from.length), value }));
  });
}

/** The ports a link's endpoints list. Under `blind31-link-endpoints-published-only` only the published ones (as endpoint URIs are). */
const linkPorts = (world: World, t: Container): PortSpec[] =>
  world.faults.has('blind31-link-endpoints-published-only') ? t.config.container_ports.filter((p) => p.published) : t.config.container_ports;

/** The fault link-endpoints-all-tcp keys every port of a link's endpoints as tcp. */
const endpointsOf = (world: World, t: Container): Record<string, string> =>
  Object.fromEntries(
    linkPorts(world, t).map((p) => {
      const protocol = world.faults.has('link-endpoints-all-tcp') ? 'tcp' : p.protocol;
      return [`${p.inner_port}/${protocol}`, `${p.protocol}://${t.name}:${p.inner_port}`];
    }),
  );

export function linkedToContainer(world: World, c: Container): Record<string, unknown>[] {
  const svc = world.store.services.get(c.serviceUuid);
  if (!svc) return [];
  const serviceLinks = svc.links.flatMap((link) => {
    const target = world.store.services.get(link.to);
    if (!target) return [];
    const servers = liveContainers(world, target);
    return (world.faults.has('linked-to-container-first-only') ? servers.slice(0, 1) : servers).map((t) => ({
      name: link.name,
      from_container: c.resource_uri,
      to_container: t.resource_uri,
      endpoints: endpointsOf(world, t),
    }));
  });
  return [...serviceLinks, ...sequentialLinks(world, svc, c)];
}

/** Containers a scale added under fault sequential-scale-unlinked: they link to no earlier container. */
export const scaledUnlinked = new WeakSet<Container>();

/** sequential_deployment: each container is linked to the containers of its service deployed before it. */
function sequentialLinks(world: World, svc: Service, c: Container): Record<string, unknown>[] {
  if (!c.config.sequential_deployment || world.faults.has('sequential-no-links') || scaledUnlinked.has(c)) return [];
  const all = liveContainers(world, svc).filter((t) => svc.containers.indexOf(t.uuid) < svc.containers.indexOf(c.uuid));
  // Under `blind29-sequential-links-previous-only` a container is linked to the one deployed just before it, not to all the earlier ones.
  const earlier = world.faults.has('blind29-sequential-links-previous-only') ? all.slice(-1) : all;
  return earlier.map((t) => ({ name: t.name, from_container: c.resource_uri, to_container: t.resource_uri, endpoints: endpointsOf(world, t) }));
}

export function serviceLinksJson(world: World, svc: Service): { linked_to_service?: unknown[]; linked_from_service: unknown[] } {
  const linkJson = (from: Service, name: string, to: Service): Record<string, string> => ({
    name,
    from_service: from.resource_uri,
    to_service: to.resource_uri,
  });
  // Under `blind28-link-from-service-null` an item is written from the stored link row (name, to only): from_service is null.
  const rowOnly = world.faults.has('blind28-link-from-service-null');
  const linked_to_service = svc.links.flatMap((l) => {
    const to = world.store.services.get(l.to);
    if (!to) return [];
    return [rowOnly ? { ...linkJson(svc, l.name, to), from_service: null } : linkJson(svc, l.name, to)];
  });
  // Every service of the store is looked at for each service rendered (each GET and list item):
  // a plain loop, without the arrays a flatMap makes for every service.
  const linked_from_service: Record<string, string>[] = [];
  // Under `blind20-linked-from-service-reversed` the link is written from this service's side.
  const reversed = world.faults.has('blind20-linked-from-service-reversed');
  if (!world.faults.has('linked-from-missing')) {
    for (const from of world.store.services.values()) {
      for (const l of from.links) if (l.to === svc.uuid) linked_from_service.push(reversed ? linkJson(svc, l.name, from) : linkJson(from, l.name, svc));
    }
  }
  // Under `blind17-linked-to-service-omitempty` an empty link list is left out, as an omit-if-empty encoder does.
  if (!linked_to_service.length && world.faults.has('blind17-linked-to-service-omitempty')) return { linked_from_service };
  return { linked_to_service, linked_from_service };
}
