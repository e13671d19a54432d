/**
 * Probes of the third batch of blind faults of log streams and services: each passes against a
 * server with its fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { deployedCluster, logsOf, runningService, until, type TestServer, endedAction } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const get = (t: TestServer, uri: string): Promise<any> => t.ok('GET', uri);
/** Waits for the action that answered a request to end, and returns it. */

/** A running service of `containers` containers on a deployed cluster. */
async function running(t: TestServer, containers = 1, extra: Record<string, unknown> = {}): Promise<any> {
  await deployedCluster(t, 1);
  return runningService(t, { image: 'x', target_num_containers: containers, ...extra });
}

/** The `log` text of each line a log stream sends without follow, with the given query. */
const logLines = async (t: TestServer, uri: string, query: string): Promise<string[]> =>
  (await logsOf(t, `${uri}logs/?follow=false&${query}`)).map((m) => m.log);

export const BLIND3_A_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind3-logs-tail-zero-sends-all': async (t) => {
    const svc = await running(t);
    expect(await logLines(t, svc.containers[0], '')).not.toHaveLength(0);
    expect(await logLines(t, svc.containers[0], 'tail=0')).not.toHaveLength(0);
  },
  'blind3-service-logs-tail-per-container': async (t) => {
    const svc = await running(t, 2);
    expect(await logLines(t, svc.resource_uri, 'tail=1')).toHaveLength(2);
  },
  'blind3-action-logs-tail-first-lines': async (t) => {
    await deployedCluster(t, 1);
    const svc = await t.ok('POST', S, { image: 'x', target_num_containers: 2 });
    const start = await endedAction(t, await t.call('POST', `${svc.resource_uri}start/`));
    const all = await logLines(t, start.resource_uri, '');
    expect(all.length).toBeGreaterThan(1);
    expect(await logLines(t, start.resource_uri, 'tail=1')).toEqual([all[0]]);
  },
  'blind3-service-list-no-match-404': async (t) => expect((await t.call('GET', `${S}?name=no-such-service`)).status).toBe(404),
  'blind3-service-started-date-at-create': async (t) => expect((await t.ok('POST', S, { image: 'x' })).started_datetime).not.toBeNull(),
  'blind3-logs-negative-tail-accepted': async (t) => {
    const svc = await running(t);
    const all = await logLines(t, svc.containers[0], '');
    expect(await logLines(t, svc.containers[0], 'tail=-1')).toEqual(all.slice(1));
  },
  'blind3-service-logs-new-containers-missing': async (t) => {
    const svc = await running(t);
    const stream = await t.ws(`${svc.resource_uri}logs/?tail=0`);
    try {
      await t.ok('PATCH', svc.resource_uri, { target_num_containers: 2 });
      await endedAction(t, await t.call('POST', `${svc.resource_uri}scale/`));
      const scaled = await until(
        () => get(t, svc.resource_uri),
        (s) => s.state === 'Running' && s.containers.length === 2,
      );
      const addedUri: string = scaled.containers.find((uri: string) => uri !== svc.containers[0]);
      const added: string = (await get(t, addedUri)).name;
      // The full log has the new container's lines; the followed stream is given a second to show them.
      expect((await logsOf(t, `${svc.resource_uri}logs/?follow=false`)).map((m) => m.source)).toContain(added);
      await expect(stream.waitFor((m) => m.source === added, 1000)).rejects.toThrow();
    } finally {
      stream.close();
    }
  },
  'blind3-service-envvars-null-when-empty': async (t) => expect((await t.ok('POST', S, { image: 'x' })).container_envvars).toBeNull(),
  'blind3-container-memory-bytes': async (t) => {
    const svc = await running(t, 1, { memory: 512 });
    expect((await get(t, svc.containers[0])).memory).toBe(512 * 1024 * 1024);
  },
  'blind3-service-synchronized-image-only': async (t) => {
    const svc = await running(t);
    expect(svc.synchronized).toBe(true);
    await t.ok('PATCH', svc.resource_uri, { container_envvars: [{ key: 'A', value: 'b' }] });
    expect((await get(t, svc.resource_uri)).synchronized).toBe(true);
  },
};
