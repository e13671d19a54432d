import { setTimeout as sleep } from 'node:timers/promises';
import { actionUriOf } from './actions.ts';
import { createService, serviceBody, sharedNodes } from './app.ts';
import type { CloudContext } from './context.ts';
import { createCluster } from './infra.ts';
import { operationRequirement } from './operation-requirements.ts';
import type { Action, NodeCluster, Service } from './views.generated.ts';
import { isSuccess } from '../../../harness/target/http-transport.ts';

/**
 * How many fresh deploys a check tries to catch an action In progress. The embedded reference's
 * deploy is In progress for 150 ms; in a .ci/run with the real daemons' runs beside, three
 * deploys in a row ended before the cancel (or the retry) reached them.
 */
export const IN_PROGRESS_ATTEMPTS = 5;

const DEPLOY_END_MS = 10_000;

/** Waits, within 10 s, until the cluster is no longer Deploying (or is gone). */
async function untilDeployEnded(ctx: CloudContext, uri: string): Promise<void> {
  for (const deadline = Date.now() + DEPLOY_END_MS; Date.now() < deadline; await sleep(50)) {
    const res = await ctx.api.get(uri);
    if (res.status !== 200 || (JSON.parse(res.text()) as { state?: unknown }).state !== 'Deploying') return;
  }
}

/**
 * A node cluster deploy whose action was In progress when read, or undefined when each of
 * `attempts` fresh deploys had ended by then (a busy machine, or a fast target).
 */
export async function deployInProgress(ctx: CloudContext, attempts = IN_PROGRESS_ATTEMPTS): Promise<{ cluster: NodeCluster; action: Action } | undefined> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const cluster = await createCluster(ctx);
    const res = await ctx.api.post(`${cluster.resource_uri}deploy/`);
    // Cleanups run newest first: the deploy is let end before the cluster's removal, which a
    // Deploying cluster refuses (a check that read the action and went on left it Deploying).
    ctx.defer(() => untilDeployEnded(ctx, cluster.resource_uri));
    const action = await ctx.getJson('action', actionUriOf(ctx, res, 'deploy'), 'the deploy action');
    if (action.state === 'In progress') return { cluster, action };
    ctx.observe(`attempt ${attempt}: the deploy action was ${String(action.state)} when read, not In progress`);
  }
  return undefined;
}

/**
 * Containers of a start that must still be In progress when a client acts on it: with
 * sequential_deployment they start one after the other, so the start lasts ten container starts
 * (800 ms on the embedded reference, whose deploy lasts 150 ms: in a whole-suite run five deploys
 * in a row had ended before their cancel came).
 */
export const SEQUENTIAL_CONTAINERS = 10;

/** A fresh service of SEQUENTIAL_CONTAINERS containers deployed in sequence, started: its start action as read at once. */
export async function sequentialStart(ctx: CloudContext): Promise<{ service: Service; action: Action }> {
  const at = await sharedNodes(ctx);
  const service = await createService(ctx, serviceBody(ctx, at, { sequential_deployment: true, target_num_containers: SEQUENTIAL_CONTAINERS }));
  const res = await ctx.api.post(`${service.resource_uri}start/`);
  ctx.precondition(isSuccess(res.status), `start of ${service.resource_uri} answered ${res.status}`, operationRequirement(service.resource_uri, 'start'));
  return { service, action: await ctx.getJson('action', actionUriOf(ctx, res, 'start'), 'the start action') };
}

/**
 * The start of a service of SEQUENTIAL_CONTAINERS containers deployed in sequence, whose action was
 * In progress when read; undefined when each of `attempts` fresh starts had ended by then.
 */
export async function startInProgress(ctx: CloudContext, attempts = IN_PROGRESS_ATTEMPTS): Promise<{ service: Service; action: Action } | undefined> {
  for (let attempt = 1; attempt <= attempts; attempt++) {
    const { service, action } = await sequentialStart(ctx);
    if (action.state === 'In progress') return { service, action };
    ctx.observe(`attempt ${attempt}: the start action was ${String(action.state)} when read, not In progress`);
  }
  return undefined;
}
