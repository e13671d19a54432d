/**
 * The node cluster the checks of one suite file share. Most application checks need somewhere to
 * run their services and nothing more: they place them here (their services carry the cluster's
 * tag, so they run nowhere else), instead of deploying a cluster each. Against the reference that
 * was about half of a cloud run's requests; against a hosted service each cluster is machines.
 *
 * The first check that asks deploys it, through its own context: its transcript shows the
 * deployment and the judge sees those answers. The cluster outlives that check and is terminated
 * when the file ends. A deployment that fails is not kept: the next check that asks tries again,
 * as it would have with a cluster of its own.
 */
import type { CloudContext } from './context.ts';

/** Who terminates a resource a check created: the check when it ends, or an owner that outlives it. */
export interface RemovalOwner {
  removeLater(uri: string): void;
}

export class SharedNodes<T> implements RemovalOwner {
  private deploying: Promise<T> | undefined;
  private readonly created: string[] = [];

  /** The file's nodes, deployed by `deploy` (with this as the removal owner) on first use. */
  get(deploy: (owner: RemovalOwner) => Promise<T>): Promise<T> {
    if (!this.deploying) {
      const attempt = deploy(this);
      this.deploying = attempt;
      attempt.catch(() => {
        if (this.deploying === attempt) this.deploying = undefined;
      });
    }
    return this.deploying;
  }

  removeLater(uri: string): void {
    this.created.push(uri);
  }

  /** Terminates what the file's deployments created (DELETE, as a check's own cleanup does). */
  async release(ctx: CloudContext): Promise<string[]> {
    this.deploying = undefined;
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
