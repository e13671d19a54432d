/**
 * The specs write product-specific identifiers with the neutral word `vendor`
 * (X-Vendor-Container-Path-Stat, application/vnd.vendor.raw-stream, VendorRootDir, vendor_version,
 * X-Vendor-Action-URI, ...). A profile chooses the spelling on the wire: `docker` (the real
 * products' spellings, the default) or `neutral` (the spec's words as written).
 *
 * Data (schemas, catalog, requirements) is written in the neutral spelling; `spell()` turns a
 * neutral identifier into the profile's.
 */
export type VendorProfileName = 'docker' | 'neutral';
export const VENDOR_PROFILES: readonly VendorProfileName[] = ['docker', 'neutral'];

export type ProfileApi = 'engine' | 'cloud';

/** Cloud identifiers are spelled DockerCloud/DOCKERCLOUD/docker, not by one rule: listed whole. */
const CLOUD_DOCKER: ReadonlyArray<[RegExp, string]> = [
  [/X-Vendor-Action-URI/g, 'X-DockerCloud-Action-URI'],
  [/x-vendor-action-uri/g, 'x-dockercloud-action-uri'],
  [/VENDOR_AUTH/g, 'DOCKERCLOUD_AUTH'],
  [/is_vendor_registry/g, 'is_docker_registry'],
  [/vendor_(version|execdriver|graphdriver)/g, 'docker_$1'],
  [/vendor-upgrade/g, 'docker-upgrade'],
];

const ENGINE_DOCKER: ReadonlyArray<[RegExp, string]> = [
  [/VENDOR/g, 'DOCKER'],
  [/Vendor/g, 'Docker'],
  [/vendor/g, 'docker'],
];

/** Spells a neutral identifier (or any text holding them) in the given profile. */
export function spell(text: string, api: ProfileApi, profile: VendorProfileName): string {
  if (profile === 'neutral') return text;
  const rules = api === 'engine' ? ENGINE_DOCKER : CLOUD_DOCKER;
  return rules.reduce((acc, [pattern, replacement]) => acc.replace(pattern, replacement), text);
}

/** Applies spell() to every key and string value of a JSON value (schemas, catalog entries). */
export function spellDeep<T>(value: T, api: ProfileApi, profile: VendorProfileName): T {
  if (profile === 'neutral') return value;
  return JSON.parse(spell(JSON.stringify(value), api, profile)) as T;
}

export function parseProfile(raw: string): VendorProfileName {
  if ((VENDOR_PROFILES as readonly string[]).includes(raw)) return raw as VendorProfileName;
  throw new Error(`unknown vendor profile '${raw}': expected docker or neutral`);
}
