/**
 * Registries and external repositories. Every namespace sees the vendor's own registry and one
 * third-party registry (seeded); adding a repository on an unknown host adds that registry to
 * the namespace. Repository credentials are write-only: stored, never returned.
 */
import { badRequest, conflict } from '../http/errors.ts';
import { resourceUri, type UriScope } from '../uris.ts';
import type { World } from '../world.ts';
import type { Registry, Repository } from './model.ts';
import { optString, reqString, type Fields } from './validate.ts';

function seeded(world: World): Registry[] {
  const vendorHost = world.profile === 'docker' ? 'registry.hub.docker.com' : 'registry.cloud.example';
  const vendorName = world.profile === 'docker' ? 'Docker Hub' : 'Vendor Registry';
  return [
    { resource_uri: resourceUri('registry', [vendorHost]), name: vendorName, host: vendorHost, isVendor: true, is_ssl: true, port: 443 },
    { resource_uri: resourceUri('registry', ['quay.io']), name: 'Quay', host: 'quay.io', isVendor: false, is_ssl: true, port: 443 },
  ];
}

export function registriesOf(world: World, namespace: string): Registry[] {
  return [...seeded(world), ...(world.store.addedRegistries.get(namespace) ?? [])];
}

export function registryJson(world: World, r: Registry): Record<string, unknown> {
  const host = world.faults.has('registry-host-with-port') ? `${r.host}:${r.port}` : r.host;
  // Under `blind12-registry-vendor-means-seeded` the flag says whether the vendor put the registry there (not added by a namespace).
  const vendor = world.faults.has('blind12-registry-vendor-means-seeded') ? seeded(world).some((s) => s.resource_uri === r.resource_uri) : r.isVendor;
  return { resource_uri: r.resource_uri, name: r.name, host, [world.spell('is_vendor_registry')]: vendor, is_ssl: r.is_ssl, port: r.port };
}

const repoKey = (namespace: string, name: string): string => `${namespace}\n${name}`;

export function findRepository(world: World, namespace: string, name: string): Repository | undefined {
  return world.store.repositories.get(repoKey(namespace, name.replace(/\/+$/, '')));
}

export function repositoriesOf(world: World, namespace: string): Repository[] {
  return [...world.store.repositories.values()].filter((r) => r.scope.namespace === namespace);
}

/** `host/path`: the host is the first segment when it looks like one (a dot or a port). */
function registryFor(world: World, scope: UriScope, name: string): Registry {
  const [host, ...rest] = name.split('/');
  if (!host || rest.length === 0 || !/[.:]/.test(host)) throw badRequest(`name '${name}' must start with a third-party registry host (host/path)`);
  const [hostname, port] = host.split(':');
  // A registry is reached at a host name and a TCP port (1-65535, default 443).
  if (!hostname || (port !== undefined && !/^[1-9]\d{0,4}$/.test(port)) || Number(port ?? 443) > 65535)
    throw badRequest(`name '${name}' must start with a registry host (a host name, optionally :port of 1 to 65535)`);
  // The host field is the host name alone (an FQDN); the port a name gives is the port field.
  const known = registriesOf(world, scope.namespace).find((r) => r.host === hostname);
  if (known?.isVendor) throw badRequest(`${hostname} is the vendor's own registry, not a third-party one`);
  if (known) return known;
  const added: Registry = {
    resource_uri: resourceUri('registry', [hostname], scope),
    name: hostname,
    host: hostname,
    isVendor: false,
    is_ssl: true,
    // Under `blind8-registry-added-port-default` the port field keeps the default whatever the name gave.
    port: world.faults.has('blind8-registry-added-port-default') ? 443 : Number(port ?? 443),
  };
  world.store.addedRegistries.set(scope.namespace, [...(world.store.addedRegistries.get(scope.namespace) ?? []), added]);
  return added;
}

export function createRepository(world: World, scope: UriScope, body: Fields): Repository {
  const name = world.faults.has('repository-missing-name-accepted')
    ? (optString(body, 'name') ?? `quay.io/unnamed/${world.store.repositories.size}`)
    : reqString(body, 'name');
  if (findRepository(world, scope.namespace, name)) throw conflict(`repository ${name} already exists`);
  const registry = registryFor(world, scope, name);
  const repo: Repository = {
    resource_uri: resourceUri('repository', [name], scope),
    scope,
    name,
    registry: registry.resource_uri,
    username: optString(body, 'username') ?? '',
    password: optString(body, 'password') ?? '',
  };
  world.store.repositories.set(repoKey(scope.namespace, name), repo);
  return repo;
}

export function updateRepository(repo: Repository, body: Fields): void {
  repo.username = optString(body, 'username') ?? repo.username;
  repo.password = optString(body, 'password') ?? repo.password;
}

export function deleteRepository(world: World, repo: Repository): void {
  world.store.repositories.delete(repoKey(repo.scope.namespace, repo.name));
}

/** Whether an image (name:tag) is of the repository; `blind19-repository-in-use-port-host` cuts the name at its first colon. */
function usesRepository(world: World, image: string, repoName: string): boolean {
  if (world.faults.has('blind19-repository-in-use-port-host')) return image.split(':')[0] === repoName;
  return image.startsWith(world.faults.has('repository-in-use-by-prefix') ? repoName : `${repoName}:`);
}

export function repositoryJson(world: World, repo: Repository): Record<string, unknown> {
  const inUse =
    !world.faults.has('blind-repository-never-in-use') &&
    [...world.store.services.values()].some(
      (s) =>
        (s.scope.namespace === repo.scope.namespace || world.faults.has('repository-in-use-any-user')) &&
        (s.state !== 'Terminated' || world.faults.has('blind3-repository-in-use-after-terminate')) &&
        // Under `blind25-repository-in-use-running-only` a service counts while one of its containers runs (the image is pulled and in use).
        (!world.faults.has('blind25-repository-in-use-running-only') || s.containers.some((u) => world.store.containers.get(u)?.state === 'Running')) &&
        usesRepository(world, s.config.image_name, repo.name),
    );
  const registry = world.faults.has('repository-registry-vendor') ? seeded(world).find((r) => r.isVendor)!.resource_uri : repo.registry;
  const json: Record<string, unknown> = { resource_uri: repo.resource_uri, name: repo.name, in_use: inUse, registry };
  if (world.faults.has('repository-returns-password')) Object.assign(json, { username: repo.username, password: repo.password });
  if (world.faults.has('repository-returns-auth')) json.auth = Buffer.from(`${repo.username}:${repo.password}`).toString('base64');
  return json;
}
