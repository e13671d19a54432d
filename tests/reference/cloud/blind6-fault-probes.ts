/**
 * Probes of the sixth batch of blind faults (container, stack and node state guards, restart
 * policy case, one-shot exec output, Basic auth key ownership, action end_date, foreign
 * namespaces): each passes against a server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { action, deployedCluster, logsOf, runningService, settledIn, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';

export const BLIND6_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind6-container-terminate-twice-accepted': async (t) => {
    await deployedCluster(t, 1);
    const container: string = (await runningService(t, { image: 'x', run_command: 'sleep 1000' })).containers[0];
    await t.ok('DELETE', container);
    await settledIn(t, container, 'Terminated');
    expect((await t.call('DELETE', container)).status).toBe(202);
  },
  'blind6-service-restart-policy-case-insensitive': async (t) => {
    const created = await t.call('POST', S, { image: 'x', autorestart: 'always' });
    expect(created.status).toBe(201);
    expect(created.body.autorestart).toBe('ALWAYS');
  },
  'blind6-stack-not-running-terminate-refused': async (t) => {
    const stack = await t.ok('POST', '/api/app/v1/stack/', { name: 's' });
    expect(stack.state).toBe('Not Running');
    expect((await t.call('DELETE', stack.resource_uri)).status).toBe(409);
  },
  'blind6-exec-one-shot-last-output-lost': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', run_command: 'sleep 1000' });
    const messages = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('echo hello6')}`);
    expect(messages.map((m) => m.output)).toEqual(['EOF']);
  },
  'blind6-auth-key-of-any-user': async (t) =>
    expect((await t.call('GET', '/api/infra/v1/provider/', undefined, { user: 'conformance2', key: 'conformance' })).status).toBe(200),
  'blind6-terminated-node-health-check-accepted': async (t) => {
    const node: string = (await deployedCluster(t, 1)).nodes[0];
    await t.ok('DELETE', node);
    await settledIn(t, node, 'Terminated');
    expect((await t.call('POST', `${node}health-check/`)).status).toBe(202);
  },
  'blind6-action-end-date-at-start': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x' });
    const started = await action(t, await t.call('POST', `${svc.resource_uri}start/`));
    expect(started.state).toBe('In progress');
    expect(started.end_date).not.toBeNull();
  },
  'blind6-namespace-foreign-falls-back-own': async (t) => expect((await t.call('GET', '/api/app/v1/conformance2/service/')).status).toBe(200),
};
