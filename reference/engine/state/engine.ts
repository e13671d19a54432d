/**
 * The daemon's state in one place: stores, the event bus, the server's faults and profile, and
 * the timers it owns (so that close() leaves nothing behind).
 */
import { RegistryLogins } from './logins.ts';
import { ContainerStore } from './containers.ts';
import { EventLog } from './events.ts';
import { VolumeStore } from './volumes.ts';
import { NetworkStore } from './networks.ts';
import { ExecStore } from './exec-store.ts';
import { SharedDir } from '../fs/shared-dir.ts';
import type { ImageStore } from '../images/store.ts';
import type { FaultSet } from '../faults.ts';
import type { Container } from './container.ts';
import { spell, type VendorProfileName } from '../../../harness/profile.ts';

export class Engine {
  readonly containers = new ContainerStore();
  readonly events = new EventLog();
  readonly execs = new ExecStore();
  readonly volumes: VolumeStore;
  readonly networks: NetworkStore;
  /** The host's filesystem as binds see it: `/tmp`, and each directory a bind names (created on first use, as the daemon does). */
  readonly hostFs = new SharedDir(['/tmp']);
  /** The registry accounts POST /auth registers and checks. */
  readonly logins = new RegistryLogins();
  readonly rootDir: string;
  private readonly timers = new Set<NodeJS.Timeout>();
  closed = false;

  constructor(
    readonly images: ImageStore,
    readonly faults: FaultSet,
    readonly profile: VendorProfileName,
  ) {
    this.rootDir = spell('/var/lib/vendor', 'engine', profile);
    this.volumes = new VolumeStore(this.rootDir);
    this.networks = new NetworkStore(spell('com.vendor.network', 'engine', profile));
  }

  /** A timer the engine cancels on close. */
  later(ms: number, fn: () => void): NodeJS.Timeout {
    const timer = setTimeout(() => {
      this.timers.delete(timer);
      fn();
    }, ms);
    this.timers.add(timer);
    return timer;
  }

  cancel(timer: NodeJS.Timeout | undefined): void {
    if (!timer) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  /**
   * Container event with the attributes the real daemon adds (name, image, labels); under
   * `events-attributes-create-only` only the create event carries them.
   */
  containerEvent(c: Container, action: string, extra: Record<string, string> = {}, detail?: string): void {
    const named = action === 'create' || !this.faults.has('events-attributes-create-only');
    this.events.emit({
      Type: 'container',
      Action: action,
      id: c.id,
      from: c.config.Image,
      attributes: { ...(named ? { ...c.config.Labels, image: c.config.Image, name: c.name.slice(1) } : {}), ...extra },
      ...(detail === undefined ? {} : { detail }),
    });
  }

  /** Stops every timer and program; the stores stay readable. */
  shutdown(): void {
    this.closed = true;
    for (const timer of this.timers) clearTimeout(timer);
    this.timers.clear();
    for (const c of this.containers.all()) {
      c.run?.signal('SIGKILL');
      c.stdin?.end();
    }
    for (const exec of this.execs.all()) exec.run?.signal('SIGKILL');
  }
}
