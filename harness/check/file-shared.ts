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
