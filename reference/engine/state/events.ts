/**
 * The daemon's event bus: every emitted event is kept (for `since`) and pushed to live listeners.
 * CONTRACT: the images engineer emits image events through `EventBus.emit`.
 */
export type EventType = 'container' | 'image' | 'volume' | 'network';

export interface EventInput {
  Type: EventType;
  Action: string;
  id: string;
  from?: string;
  attributes?: Record<string, string>;
  /** What the operation ran (an exec's command), kept off the wire; `event-status-carries-command` appends it to the kind. */
  detail?: string;
}

export interface EngineEvent {
  Type: EventType;
  Action: string;
  id: string;
  from?: string;
  attributes: Record<string, string>;
  detail?: string;
  /** Nanoseconds since the epoch (the time in seconds is derived). */
  timeNano: bigint;
}

export interface EventBus {
  emit(e: EventInput): void;
}

type Listener = (e: EngineEvent) => void;

/** A bus with history, bounded so that a long-running server does not grow without end. */
export class EventLog implements EventBus {
  private readonly history: EngineEvent[] = [];
  private readonly listeners = new Set<Listener>();
  private lastNano = 0n;

  constructor(private readonly maxHistory = 10_000) {}

  emit(e: EventInput): void {
    const event: EngineEvent = { ...e, attributes: { ...e.attributes }, timeNano: this.nextNano() };
    this.history.push(event);
    if (this.history.length > this.maxHistory) this.history.shift();
    for (const listener of this.listeners) listener(event);
  }

  /** Past events, oldest first. */
  past(): readonly EngineEvent[] {
    return this.history;
  }

  subscribe(listener: Listener): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  get listenerCount(): number {
    return this.listeners.size;
  }

  /** Strictly increasing, so that events of one operation keep their order under `since`/`until`. */
  private nextNano(): bigint {
    const now = BigInt(Date.now()) * 1_000_000n + (process.hrtime.bigint() % 1_000_000n);
    this.lastNano = now > this.lastNano ? now : this.lastNano + 1n;
    return this.lastNano;
  }
}
