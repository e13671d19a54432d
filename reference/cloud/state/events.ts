/** The event feed behind the Stream API's events endpoint. */
export interface CloudEvent {
  type: 'stack' | 'service' | 'container' | 'nodecluster' | 'node' | 'action';
  action: 'create' | 'update' | 'delete';
  parents: string[];
  resource_uri: string;
  state: string;
  uuid: string;
  date: Date;
  /** Whose feed it belongs to. */
  namespace: string;
}

export class EventBus {
  private readonly listeners = new Set<(e: CloudEvent) => void>();

  subscribe(listener: (e: CloudEvent) => void): () => void {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  }

  publish(event: CloudEvent): void {
    for (const l of this.listeners) l(event);
  }
}
