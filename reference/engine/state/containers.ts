/** The set of containers, found by full id, unique id prefix or name (with or without `/`). */
import type { Container } from './container.ts';

export class ContainerStore {
  private readonly byId = new Map<string, Container>();

  add(container: Container): void {
    this.byId.set(container.id, container);
  }

  delete(container: Container): void {
    this.byId.delete(container.id);
  }

  /** Oldest first. */
  all(): Container[] {
    return [...this.byId.values()];
  }

  resolve(idOrName: string): Container | undefined {
    const exact = this.byId.get(idOrName);
    if (exact) return exact;
    const name = idOrName.startsWith('/') ? idOrName : `/${idOrName}`;
    const named = this.all().find((c) => c.name === name);
    if (named) return named;
    if (!/^[0-9a-f]+$/.test(idOrName)) return undefined;
    const matches = this.all().filter((c) => c.id.startsWith(idOrName));
    return matches.length === 1 ? matches[0] : undefined;
  }

  nameTaken(name: string): boolean {
    const full = name.startsWith('/') ? name : `/${name}`;
    return this.all().some((c) => c.name === full);
  }

  usesImage(imageId: string): boolean {
    return this.all().some((c) => c.imageId === imageId);
  }
}
