/** Named volumes (1.22). Contents live in the containers' filesystems; the store keeps the records. */
import { newId } from './ids.ts';

export interface Volume {
  Name: string;
  Driver: string;
  Mountpoint: string;
  DriverOpts: Record<string, string>;
}

export class VolumeStore {
  private readonly byName = new Map<string, Volume>();

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

  delete(name: string): boolean {
    return this.byName.delete(name);
  }
}
