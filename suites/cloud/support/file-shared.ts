/**
 * Set-up the checks of one suite file share. Most application checks need somewhere to run their
 * services and nothing more: they place them on one node cluster of the file (their services carry
 * its tag, so they run nowhere else) instead of deploying a cluster each; against the reference
 * that was about half of a cloud run's requests, against a hosted service each cluster is
 * machines. The catalog's placements are read once per file too.
 *
 * The first check that asks does the work, through its own context: its transcript shows it and
 * the judge sees those answers. What it made outlives that check: the cluster is terminated when
 * the file ends. Work that fails is not kept: the next check that asks tries again, as it would
 * have on its own.
 */
import type { AppNodes } from './app.ts';
import type { CloudContext } from './context.ts';
import type { Placement } from './infra.ts';

/** Who terminates a resource a check created: the check when it ends, or an owner that outlives it. */
export interface RemovalOwner {
  removeLater(uri: string): void;
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

/** The file's node cluster: its deployment, and the termination of what that created. */
export class SharedNodes extends FileShared<AppNodes> implements RemovalOwner {
  private readonly created: string[] = [];

  removeLater(uri: string): void {
    this.created.push(uri);
  }

  /** Terminates what the file's deployments created (DELETE, as a check's own cleanup does); returns the errors. */
  async release(ctx: CloudContext): Promise<string[]> {
    const errors: string[] = [];
    for (const uri of this.created.splice(0).reverse()) {
      try {
        await ctx.api.delete(uri);
      } catch (err) {
        errors.push(`${uri}: ${(err as Error).message}`);
      }
    }
    return errors;
  }
}

/** What the checks of one suite file share. */
export interface FileSetUp {
  nodes: SharedNodes;
  placements: FileShared<Placement[]>;
}

export function newFileSetUp(): FileSetUp {
  return { nodes: new SharedNodes(), placements: new FileShared() };
}
