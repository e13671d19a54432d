/**
 * The read-only infrastructure catalog: providers, regions, availability zones and node types.
 * aws has availability zones and the vpc/iam provider options and takes disk sizes from a fixed
 * list; digitalocean has no zones and no disk choice; azure takes any disk size; packet is
 * listed but not available for new deployments.
 */
import { resourceUri } from './uris.ts';

export interface NodeTypeSpec {
  name: string;
  label: string;
  cpu: number;
  memory: number;
  regions: string[];
  /** GB: the node type's own disk, where its provider has no disk choice (shown under `disk-unavailable-left-unapplied`). */
  disk?: number;
}

interface RegionSpec {
  name: string;
  label: string;
  zones: string[];
}

interface ProviderSpec {
  name: string;
  label: string;
  available: boolean;
  regions: RegionSpec[];
  nodeTypes: NodeTypeSpec[];
  disk: 'list' | 'fixed' | 'any';
}

export const AWS_DISK_SIZES: readonly number[] = [10, 20, 25, 30, 40, 50, 75, 100, 125, 150, 175, 200, 250, 300, 350, 400, 500, 750, 1000, 1500, 2000];

const PROVIDERS: ProviderSpec[] = [
  {
    name: 'aws',
    label: 'Amazon Web Services',
    available: true,
    disk: 'list',
    regions: [
      { name: 'us-east-1', label: 'US East (N. Virginia)', zones: ['us-east-1a', 'us-east-1b', 'us-east-1c'] },
      { name: 'eu-west-1', label: 'EU (Ireland)', zones: ['eu-west-1a', 'eu-west-1b'] },
    ],
    nodeTypes: [
      { name: 't2.micro', label: 'T2 Micro', cpu: 1, memory: 1024, regions: ['us-east-1', 'eu-west-1'] },
      { name: 't2.small', label: 'T2 Small', cpu: 1, memory: 2048, regions: ['us-east-1', 'eu-west-1'] },
      { name: 'm4.large', label: 'M4 Large', cpu: 2, memory: 8192, regions: ['us-east-1'] },
    ],
  },
  {
    name: 'digitalocean',
    label: 'Digital Ocean',
    available: true,
    disk: 'fixed',
    regions: [
      { name: 'lon1', label: 'London 1', zones: [] },
      { name: 'nyc3', label: 'New York 3', zones: [] },
      { name: 'sfo1', label: 'San Francisco 1', zones: [] },
    ],
    nodeTypes: [
      { name: '512mb', label: '512MB', cpu: 1, memory: 512, regions: ['lon1', 'nyc3', 'sfo1'], disk: 20 },
      { name: '1gb', label: '1GB', cpu: 1, memory: 1024, regions: ['lon1', 'nyc3', 'sfo1'], disk: 30 },
      { name: '2gb', label: '2GB', cpu: 2, memory: 2048, regions: ['lon1', 'nyc3'], disk: 40 },
    ],
  },
  {
    name: 'azure',
    label: 'Microsoft Azure',
    available: true,
    disk: 'any',
    regions: [
      { name: 'east-us', label: 'East US', zones: [] },
      { name: 'west-europe', label: 'West Europe', zones: [] },
    ],
    nodeTypes: [
      { name: 'Small', label: 'Small (A1)', cpu: 1, memory: 1792, regions: ['east-us', 'west-europe'] },
      { name: 'Medium', label: 'Medium (A2)', cpu: 2, memory: 3584, regions: ['east-us', 'west-europe'] },
    ],
  },
  {
    name: 'packet',
    label: 'Packet',
    available: false,
    disk: 'any',
    regions: [{ name: 'ewr1', label: 'Parsippany, NJ', zones: [] }],
    nodeTypes: [{ name: 'baremetal_0', label: 'Type 0', cpu: 4, memory: 8192, regions: ['ewr1'] }],
  },
];

export interface Provider {
  resource_uri: string;
  name: string;
  label: string;
  regions: string[];
  available: boolean;
}
export interface Region {
  resource_uri: string;
  name: string;
  label: string;
  node_types: string[];
  availability_zones: string[];
  provider: string;
  available: boolean;
}
export interface AvailabilityZone {
  resource_uri: string;
  name: string;
  region: string;
  available: boolean;
}
export interface NodeType {
  resource_uri: string;
  name: string;
  label: string;
  regions: string[];
  availability_zones: string[];
  provider: string;
  available: boolean;
}

export interface Catalog {
  providers: Provider[];
  regions: Region[];
  zones: AvailabilityZone[];
  nodeTypes: NodeType[];
  /** Hardware of a node type, by its URI. */
  hardware: Map<string, NodeTypeSpec>;
  /** The disk rule of a provider, by its URI. */
  diskRule: Map<string, ProviderSpec['disk']>;
}

const providerUri = (p: string): string => resourceUri('provider', [p]);
const regionUri = (p: string, r: string): string => resourceUri('region', [p, r]);
const zoneUri = (p: string, r: string, z: string): string => resourceUri('az', [p, r, z]);
const nodeTypeUri = (p: string, t: string): string => resourceUri('nodetype', [p, t]);

/**
 * `firstRegionOnly`: the fault nodetype-regions-first-only (node types list their first region
 * only); `zonesOfProvider`: blind-region-zones-of-provider (regions list every zone of their provider).
 */
export function buildCatalog(firstRegionOnly = false, zonesOfProvider = false): Catalog {
  const catalog: Catalog = { providers: [], regions: [], zones: [], nodeTypes: [], hardware: new Map(), diskRule: new Map() };
  for (const p of PROVIDERS) {
    catalog.providers.push({
      resource_uri: providerUri(p.name),
      name: p.name,
      label: p.label,
      regions: p.regions.map((r) => regionUri(p.name, r.name)),
      available: p.available,
    });
    catalog.diskRule.set(providerUri(p.name), p.disk);
    for (const r of p.regions) {
      const types = p.nodeTypes.filter((t) => t.regions.includes(r.name));
      catalog.regions.push({
        resource_uri: regionUri(p.name, r.name),
        name: r.name,
        label: r.label,
        node_types: types.map((t) => nodeTypeUri(p.name, t.name)),
        availability_zones: (zonesOfProvider ? p.regions : [r]).flatMap((zr) => zr.zones.map((z) => zoneUri(p.name, zr.name, z))),
        provider: providerUri(p.name),
        available: p.available,
      });
      for (const z of r.zones)
        catalog.zones.push({ resource_uri: zoneUri(p.name, r.name, z), name: z, region: regionUri(p.name, r.name), available: p.available });
    }
    for (const t of p.nodeTypes) {
      const uri = nodeTypeUri(p.name, t.name);
      catalog.hardware.set(uri, t);
      catalog.nodeTypes.push({
        resource_uri: uri,
        name: t.name,
        label: t.label,
        regions: (firstRegionOnly ? t.regions.slice(0, 1) : t.regions).map((r) => regionUri(p.name, r)),
        availability_zones: p.regions.filter((r) => t.regions.includes(r.name)).flatMap((r) => r.zones.map((z) => zoneUri(p.name, r.name, z))),
        provider: providerUri(p.name),
        available: p.available,
      });
    }
  }
  return catalog;
}
