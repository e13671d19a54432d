/**
 * Probes of the seventeenth batch of blind faults (credentials echoed by a repository update, the
 * node type name filter, the network mode read from pid, action logs read by object, an omitted
 * empty link list, failed work left In progress): each passes against a server with its fault and
 * throws against a clean one.
 */
import { expect } from 'vitest';
import { ended } from './blind13-fault-probes.ts';
import { deployedCluster, logsOf, runningService, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const NO_NODE = /^Error: no deployed node/;

/** The lines an action has logged so far (its log stream read without follow). */
const actionLines = async (t: TestServer, actionUri: string): Promise<string[]> =>
  (await logsOf(t, `${actionUri}logs/?follow=false`)).map((m) => String(m.log));
const actionUriOf = (answer: { headers: Headers }): string => answer.headers.get('x-dockercloud-action-uri') ?? '/missing-header';

export const BLIND17_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind17-repository-update-echoes-body': async (t) => {
    const repo = await t.ok('POST', '/api/repo/v1/repository/', { name: 'quay.io/a/b', username: 'u1', password: 'p1' });
    expect((await t.ok('PATCH', repo.resource_uri, { username: 'u2', password: 'p2' })).password).toBe('p2');
  },
  'blind17-nodetype-name-filter-reads-label': async (t) => {
    const listed: any[] = (await t.ok('GET', `/api/infra/v1/nodetype/?name=${encodeURIComponent('T2 Micro')}`)).objects;
    expect(listed.map((n) => n.name)).toContain('t2.micro');
  },
  'blind17-net-mode-read-from-pid': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', pid: 'host' });
    const outputs = await logsOf(t, `${svc.containers[0]}exec/?command=${encodeURIComponent('cat /proc/net/dev')}`);
    expect(outputs.map((m) => String(m.output)).join('')).toContain('docker0');
  },
  'blind17-action-logs-by-object': async (t) => {
    const create = await t.call('POST', S, { image: 'x' });
    // With no node to place on, the start fails and logs why, on the same service.
    await ended(t, await t.call('POST', `${create.body.resource_uri}start/`));
    expect(await actionLines(t, actionUriOf(create))).toContainEqual(expect.stringMatching(NO_NODE));
  },
  'blind17-linked-to-service-omitempty': async (t) => expect(await t.ok('POST', S, { image: 'x' })).not.toHaveProperty('linked_to_service'),
  'blind17-failed-work-left-in-progress': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x' });
    const uri = actionUriOf(await t.call('POST', `${svc.resource_uri}start/`));
    // The failure is logged in the same step that ends the action: once the line shows, a clean action has ended.
    await until(
      () => actionLines(t, uri),
      (lines) => lines.some((l) => NO_NODE.test(l)),
    );
    expect((await t.ok('GET', uri)).state).toBe('In progress');
  },
};
