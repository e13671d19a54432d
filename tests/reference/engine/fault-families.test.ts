/** The parametrised fault families of the engine reference: each member breaks one documented rule. */
import { afterEach, describe, expect, it } from 'vitest';
import { ANSWER_FAULTS, answerFault, swappedStatus } from '../../../reference/engine/answer-faults.ts';
import { QUERY_IGNORED_FAULTS, queryIgnoredFault, queryParamOfRequirement } from '../../../reference/engine/query-faults.ts';
import { createContainer, request, startTestServer, type TestServer } from './helpers.ts';

let server: TestServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('answer:<endpoint>:<status>', () => {
  it('has a member for each documented code a requirement states a rule about', () => {
    const names = ANSWER_FAULTS.map((f) => f.name);
    expect(names).toContain('engine/containers/start/304-already-started'.replace(/^(.*)\/(\d{3})-.*$/, 'answer:$1:$2'));
    expect(names).not.toContain('answer:engine/containers/attach:101');
  });

  it('swaps that code only, at that endpoint, and does the work', async () => {
    server = await startTestServer({ faults: [answerFault('engine/containers/create', 201)] });
    const created = await request(server.socketPath, 'POST', '/v1.22/containers/create', { Image: 'fixture:latest', Cmd: ['true'] });
    expect(created.status).toBe(swappedStatus(201));
    expect((await request(server.socketPath, 'GET', '/v1.22/containers/json?all=1')).json()).toHaveLength(1);
    expect((await request(server.socketPath, 'GET', '/v1.22/containers/nope/json')).status).toBe(404);
  });
});

describe('query-ignored:<endpoint>:<param>', () => {
  it('maps a requirement about a parameter to its member; rules about defaults map to none', () => {
    expect(queryParamOfRequirement('engine/containers/top/query-ps-args')).toEqual({ endpoint: 'engine/containers/top', param: 'ps_args' });
    expect(queryParamOfRequirement('engine/containers/top/query-ps-args-default')).toBeUndefined();
    expect(QUERY_IGNORED_FAULTS.map((f) => f.name)).toContain(queryIgnoredFault('engine/containers/list', 'all'));
  });

  it('serves the endpoint as if the parameter had not been sent', async () => {
    server = await startTestServer({ faults: [queryIgnoredFault('engine/containers/list', 'all')] });
    await createContainer(server.socketPath, { Cmd: ['true'] });
    expect((await request(server.socketPath, 'GET', '/v1.22/containers/json?all=1')).json()).toHaveLength(0);
    await server.close();
    server = await startTestServer();
    await createContainer(server.socketPath, { Cmd: ['true'] });
    expect((await request(server.socketPath, 'GET', '/v1.22/containers/json?all=1')).json()).toHaveLength(1);
  });
});
