/**
 * Volumes: the records, and each volume's content, which every container mounting it shares
 * (removed with it). The content lives at the volume's Mountpoint on the host: a bind of that
 * directory (or one within it) shows the same content.
 */
import { isWithin, normalize } from '../fs/paths.ts';
import { SharedDir } from '../fs/shared-dir.ts';
import { newId } from './ids.ts';

export interface Volume {
  Name: string;
  Driver: string;
  Mountpoint: string;
  DriverOpts: Record<string, string>;
}

export class VolumeStore {
  private readonly byName = new Map<string, Volume>();
  private readonly contents = new Map<string, SharedDir>();
  /** The last generated name and the second it was made in (`blind8-volume-generated-name-repeats`). */
  private lastGenerated: { second: number; name: string } | undefined;

  /** @param rootDir where mount points live (`/var/lib/docker` in the docker profile). */
  constructor(private readonly rootDir: string) {}

  /**
   * @param emptyNameKept `blind7-volume-create-empty-name-kept`: only an absent Name is generated, "" is kept.
   * @param namePerSecond `blind8-volume-generated-name-repeats`: a generated name is the same for every create of one second.
   */
  create(
    opts: { Name?: string; Driver?: string; DriverOpts?: Record<string, string> } = {},
    emptyNameKept = false,
    namePerSecond = false,
  ): { volume: Volume; created: boolean } {
    const name = (emptyNameKept ? opts.Name : opts.Name || undefined) ?? this.generatedName(namePerSecond);
    const existing = this.byName.get(name);
    if (existing) return { volume: existing, created: false };
    const volume: Volume = {
      Name: name,
      Driver: opts.Driver || 'local',
      Mountpoint: `${this.rootDir}/volumes/${name}/_data`,
      DriverOpts: opts.DriverOpts ?? {},
    };
    this.byName.set(name, volume);
    return { volume, created: true };
  }

  private generatedName(perSecond: boolean): string {
    const second = Math.floor(Date.now() / 1000);
    if (perSecond && this.lastGenerated?.second === second) return this.lastGenerated.name;
    this.lastGenerated = { second, name: newId() };
    return this.lastGenerated.name;
  }

  get(name: string): Volume | undefined {
    return this.byName.get(name);
  }

  all(): Volume[] {
    return [...this.byName.values()];
  }

  /** The volume's content (its `_data` directory), made on first use. */
  contentOf(name: string): SharedDir | undefined {
    if (!this.byName.has(name)) return undefined;
    const content = this.contents.get(name) ?? new SharedDir();
    this.contents.set(name, content);
    return content;
  }

  /** The content a bind of the host directory `path` shows when that directory is a volume's Mountpoint or lies within one. */
  holding(path: string): { dir: SharedDir; source: string } | undefined {
    const p = normalize(path);
    const volume = [...this.byName.values()].find((v) => isWithin(p, v.Mountpoint));
    const dir = volume ? this.contentOf(volume.Name) : undefined;
    if (!volume || !dir) return undefined;
    const source = normalize(p.slice(volume.Mountpoint.length));
    dir.mkdirp(source);
    return { dir, source };
  }

  /** Removes the volume and its content: a container that still binds its directory sees it empty. */
  delete(name: string): boolean {
    this.contents.get(name)?.clear();
    this.contents.delete(name);
    return this.byName.delete(name);
  }
}
