import { describe, expect, test } from 'vitest';
import { CheckContext } from '../../harness/check/context.ts';
import { CheckFailure } from '../../harness/check/signals.ts';
import { SchemaValidator } from '../../harness/schema/validator.ts';
import { makeResponse } from '../../harness/target/http-transport.ts';
import { readActionAtOnce } from '../../suites/cloud/support/async-op.ts';
import { CloudContext } from '../../suites/cloud/support/context.ts';
import type { Json } from '../../suites/cloud/support/lists.ts';

const ACTION = '/api/audit/v1/action/';
const CLUSTER = '/api/infra/v1/nodecluster/c1/';
const STARTED = 'Thu, 03 Dec 2026 07:00:00 +0000';
const pending: Json = {
  resource_uri: `${ACTION}p/`,
  action: 'Node Cluster Deploy',
  method: 'POST',
  path: `${CLUSTER}deploy/`,
  object: CLUSTER,
  state: 'Pending',
  start_date: STARTED,
};
/** A service start of another object, In progress: what a target queuing all of an account's work waits on. */
const otherStart: Json = {
  resource_uri: `${ACTION}s/`,
  action: 'Service Start',
  method: 'POST',
  path: '/api/app/v1/service/s1/start/',
  object: '/api/app/v1/service/s1/',
  state: 'In progress',
  start_date: STARTED,
  end_date: null,
};
/** A read's action, shown In progress while it runs: a synchronous call, never one to wait on. */
const read: Json = { resource_uri: `${ACTION}r/`, action: 'Read', method: 'GET', path: ACTION, state: 'In progress', start_date: STARTED, end_date: null };

/** What readActionAtOnce reads of a cloud context: the action, the caller's action list (as the filters pick it) and the object. */
function context(actions: Json[]): CloudContext {
  const ctx = new CheckContext({ seed: 1, schemas: new SchemaValidator(), timeoutMs: 100 });
  const json = (body: unknown) => makeResponse(200, {}, Buffer.from(JSON.stringify(body)), 1, 'GET');
  const api = {
    async get(path: string, query: Record<string, string> = {}) {
      if (path === pending.resource_uri) return json(pending);
      if (path === CLUSTER) return json({ state: 'Deploying' });
      // The documented filters it may ask: state, and object (the actions of one object, as a check tied to its object asked).
      const listed = [pending, ...actions].filter((a) => (!query.state || a.state === query.state) && (!query.object || a.object === query.object));
      return json({ meta: { next: null }, objects: listed });
    },
  };
  return Object.assign(ctx, {
    api,
    run: { vendorProfile: 'docker' },
    listPage: CloudContext.prototype.listPage,
    getJson: CloudContext.prototype.getJson,
  }) as unknown as CloudContext;
}

describe('an action created Pending waits for an in-progress action (cloud/actions/async-202-in-progress)', () => {
  test('of any object the caller can list: a target with one queue per account passes', async () => {
    const ctx = context([otherStart]);
    await expect(readActionAtOnce(ctx, String(pending.resource_uri), CLUSTER, 'deploy', 'cloud/actions/async-202-in-progress')).resolves.toMatchObject({
      state: 'Pending',
    });
    expect(ctx.verified).toBeGreaterThan(0);
  });

  test('with no asynchronous action in progress (a read In progress is none), it is a breach', async () => {
    const ctx = context([read]);
    await expect(readActionAtOnce(ctx, String(pending.resource_uri), CLUSTER, 'deploy', 'cloud/actions/async-202-in-progress')).rejects.toBeInstanceOf(
      CheckFailure,
    );
  });
});
