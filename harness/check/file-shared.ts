/**
 * Set-up the checks of one suite file share: made by the first check that asks, through its own
 * context (its transcript shows the work, the judge sees the answers), and kept for the file's
 * other checks. Work that fails is not kept: the next check that asks tries again, as it would
 * have on its own. What a shared resource created outlives the check that made it and is removed
 * when the file ends (the suite binding's teardown).
 */

/** Who removes a resource a check created: the check when it ends, or an owner that outlives it. */
export interface RemovalOwner {
  removeLater(ref: string): void;
}

/** A set-up value made once by the first check that asks; a failure is forgotten. */
export class FileShared<T> {
  private pending: Promise<T> | undefined;

  get(make: () => Promise<T>): Promise<T> {
    if (!this.pending) {
      const attempt = make();
      this.pending = attempt;
      attempt.catch(() => {
        if (this.pending === attempt) this.pending = undefined;
      });
    }
    return this.pending;
  }
}

/** A shared value made of resources: what its making created is removed when the file ends. */
export class SharedResource<T> extends FileShared<T> implements RemovalOwner {
  private readonly created: string[] = [];

  removeLater(ref: string): void {
    this.created.push(ref);
  }

  /** Removes what was created, newest first; returns the errors instead of throwing. */
  async release(remove: (ref: string) => Promise<unknown>): Promise<string[]> {
    const errors: string[] = [];
    for (const ref of this.created.splice(0).reverse()) {
      try {
        await remove(ref);
      } catch (err) {
        errors.push(`${ref}: ${(err as Error).message}`);
      }
    }
    return errors;
  }
}

/**
 * Shared resources by key (what a check would otherwise build alike for itself): each made once,
 * by the first check that asks for its key, and all released when the file ends. A key names one
 * kind of value: its callers agree on the type.
 */
export class SharedResources {
  private readonly byKey = new Map<string, SharedResource<unknown>>();

  /** The value of `key`, made once by `make`; what it creates is removed at the end when given `owner` (removeLater). */
  get<T>(key: string, make: (owner: RemovalOwner) => Promise<T>): Promise<T> {
    let shared = this.byKey.get(key);
    if (!shared) {
      shared = new SharedResource<unknown>();
      this.byKey.set(key, shared);
    }
    const owner = shared;
    return owner.get(() => make(owner)) as Promise<T>;
  }

  /** Releases every key's resources, the newest key first; returns the errors instead of throwing. */
  async release(remove: (ref: string) => Promise<unknown>): Promise<string[]> {
    const errors: string[] = [];
    for (const shared of [...this.byKey.values()].reverse()) errors.push(...(await shared.release(remove)));
    return errors;
  }
}
