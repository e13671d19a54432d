/**
 * Probes of the twenty-second batch of blind faults (a stack's synchronized read from its first
 * service, link variables injected under the service's name, a failed work's error logged as
 * `{}`, body errors answered in plain text, a cgroup_parent not named *.slice dropped, a link's
 * name required, a redeploy keeping the old environment): each passes against a server with its
 * fault and throws against a clean one.
 */
import { expect } from 'vitest';
import { basic, deployedCluster, execOutput, logsOf, runningService, until, type TestServer } from './helpers.ts';
import type { CloudFaultName } from '../../../reference/cloud/faults.ts';

const S = '/api/app/v1/service/';
const STACKS = '/api/app/v1/stack/';

/** Waits for the action a call's answer names to end Success. */
const succeeded = async (t: TestServer, uri: string): Promise<void> => {
  await until(
    () => t.ok('GET', uri),
    (a) => a.state === 'Success',
  );
};

export const BLIND22_PROBES: Partial<Record<CloudFaultName, (t: TestServer) => Promise<void>>> = {
  'blind22-stack-synchronized-first-service': async (t) => {
    await deployedCluster(t, 1);
    const stack = await t.ok('POST', STACKS, {
      name: 'st',
      services: [
        { image: 'x', name: 'first' },
        { image: 'x', name: 'second' },
      ],
    });
    await t.ok('POST', `${stack.resource_uri}start/`);
    await until(
      () => t.ok('GET', stack.resource_uri),
      (s) => s.state === 'Running',
    );
    const services = await Promise.all((stack.services as string[]).map((uri) => t.ok('GET', uri)));
    const second = services.find((s) => s.name === 'second');
    await t.ok('PATCH', second.resource_uri, { container_envvars: [{ key: 'CHANGED', value: 'yes' }] });
    expect((await t.ok('GET', second.resource_uri)).synchronized).toBe(false);
    expect((await t.ok('GET', stack.resource_uri)).synchronized).toBe(true);
  },
  'blind22-link-env-service-name': async (t) => {
    await deployedCluster(t, 1);
    const web = await t.ok('POST', S, { image: 'nginx', name: 'web', container_ports: [{ protocol: 'tcp', inner_port: 80 }] });
    const app = await runningService(t, { image: 'x', name: 'app', linked_to_service: [{ to_service: web.resource_uri, name: 'db' }] });
    expect(await execOutput(t, app.containers[0], 'echo "[$DB_PORT][$WEB_PORT]"')).toBe('[][tcp://web:80]\n');
  },
  'blind22-failed-work-error-serialized': async (t) => {
    const svc = await t.ok('POST', S, { image: 'x', name: 'nowhere' });
    const uri = (await t.call('POST', `${svc.resource_uri}start/`)).headers.get('x-dockercloud-action-uri') ?? '/missing-header';
    await until(
      () => t.ok('GET', uri),
      (a) => a.state === 'Failed',
    );
    const lines = (await logsOf(t, `${uri}logs/?follow=false`)).map((m) => String(m.log));
    expect(lines).toEqual(['Error: {}']);
  },
  'blind22-body-errors-plain-text': async (t) => {
    const res = await fetch(t.server.url + S, {
      method: 'POST',
      headers: { Authorization: basic('conformance'), Accept: 'application/json', 'Content-Type': 'application/json' },
      body: '{"image": ',
    });
    expect(res.status).toBe(400);
    expect(res.headers.get('content-type')).toMatch(/^text\/plain/);
    const text = await res.text();
    expect(() => JSON.parse(text)).toThrow();
  },
  'blind22-cgroup-parent-slice-only': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', cgroup_parent: '/custom' });
    expect(await execOutput(t, svc.containers[0], 'cat /proc/self/cgroup')).toMatch(/^0::\/docker\/[0-9a-f-]+\n/);
  },
  'blind22-link-name-required': async (t) => {
    const db = await t.ok('POST', S, { image: 'x', name: 'db' });
    const answer = await t.call('POST', S, { image: 'x', name: 'app', linked_to_service: [{ to_service: db.resource_uri }] });
    expect(answer.status).toBe(400);
  },
  'blind22-redeploy-keeps-container-env': async (t) => {
    await deployedCluster(t, 1);
    const svc = await runningService(t, { image: 'x', container_envvars: [{ key: 'MODE', value: 'old' }] });
    await t.ok('PATCH', svc.resource_uri, { container_envvars: [{ key: 'MODE', value: 'new' }] });
    const answer = await t.call('POST', `${svc.resource_uri}redeploy/`);
    expect(answer.status).toBe(202);
    await succeeded(t, answer.headers.get('x-dockercloud-action-uri') ?? '/missing-header');
    const running = await until(
      () => t.ok('GET', svc.resource_uri),
      (s) => s.state === 'Running',
    );
    expect(await execOutput(t, running.containers[0], 'echo $MODE')).toBe('old\n');
  },
};
