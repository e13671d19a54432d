/** Volumes: the records, and each volume's content, which every container mounting it shares (removed with it). */
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

  /** @param rootDir where mount points live (`/var/lib/docker` in the docker profile). */
  constructor(private readonly rootDir: string) {}

  create(opts: { Name?: string; Driver?: string; DriverOpts?: Record<string, string> } = {}): { volume: Volume; created: boolean } {
    const name = opts.Name || newId();
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

  delete(name: string): boolean {
    this.contents.delete(name);
    return this.byName.delete(name);
  }
}
