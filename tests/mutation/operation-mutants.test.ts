import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { generateMutants } from '../../harness/mutation/generate.ts';
import { mutantHook } from '../../harness/mutation/hook.ts';
import { HttpTransport } from '../../harness/target/http-transport.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { startEngineServer } from '../../reference/engine/index.ts';
import { embeddedFixture } from '../../harness/embedded/engine.ts';
import { newRunId } from '../../harness/fixtures/labels.ts';

test('operation/deleted-still-answered sits at every operation on one object, and answers for a removed volume only at its endpoint', async () => {
  const deleted = generateMutants('engine-1.22').filter((m) => m.operator === 'operation/deleted-still-answered');
  const endpoints = deleted.map((m) => m.site.endpoint);
  for (const id of [
    'engine/containers/inspect',
    'engine/images/inspect',
    'engine/volumes/inspect',
    'engine/networks/inspect',
    'engine/exec/inspect',
    'engine/containers/delete',
  ])
    expect(endpoints).toContain(id);
  expect(endpoints).not.toContain('engine/containers/list');

  const server = await startEngineServer({ listen: `unix://${path.join(mkdtempSync(path.join(tmpdir(), 'deleted-')), 'engine.sock')}` });
  const api = new HttpTransport(parseTargetUrl(server.url), { timeoutMs: 5000, maxBodyBytes: 1024 * 1024 });
  try {
    const name = 'conformance-deleted-volume';
    expect(
      (
        await api.request({
          method: 'POST',
          path: '/v1.22/volumes/create',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ Name: name }),
        })
      ).status,
    ).toBe(201);
    expect((await api.request({ method: 'DELETE', path: `/v1.22/volumes/${name}` })).status).toBe(204);
    const inspect = () => api.request({ method: 'GET', path: `/v1.22/volumes/${name}` });
    expect((await inspect()).status).toBe(404);
    server.setMutation(mutantHook(deleted.find((m) => m.site.endpoint === 'engine/volumes/inspect')!.spec));
    expect((await inspect()).status).toBe(200);
    expect((await api.request({ method: 'GET', path: '/v1.22/volumes/never-created' })).status).toBe(404);
    server.setMutation(mutantHook(deleted.find((m) => m.site.endpoint === 'engine/volumes/delete')!.spec));
    expect((await inspect()).status).toBe(404);
  } finally {
    server.setMutation(undefined);
    await api.close();
    await server.close();
  }
});

test('operation/refused-leaves-object: a refused rename takes the name, a refused tag leaves its repository, a refused create its container', async () => {
  const refused = generateMutants('engine-1.22').filter((m) => m.operator === 'operation/refused-leaves-object');
  expect(refused.map((m) => m.site.endpoint).sort()).toEqual(['engine/containers/create', 'engine/containers/rename', 'engine/images/tag']);
  const server = await startEngineServer({ listen: `unix://${path.join(mkdtempSync(path.join(tmpdir(), 'refused-')), 'engine.sock')}` });
  const target = parseTargetUrl(server.url);
  const api = new HttpTransport(target, { timeoutMs: 5000, maxBodyBytes: 1024 * 1024 });
  const json = { 'content-type': 'application/json' };
  try {
    const { image } = (await embeddedFixture(target, newRunId(), 5000)) as { image: string };
    const create = async (name: string): Promise<string> =>
      (
        (
          await api.request({
            method: 'POST',
            path: '/v1.22/containers/create',
            query: { name },
            headers: json,
            body: JSON.stringify({ Image: image, Cmd: ['true'] }),
          })
        ).json() as {
          Id: string;
        }
      ).Id;
    await create('conformance-refused-a');
    const b = await create('conformance-refused-b');
    server.setMutation(mutantHook(refused.find((m) => m.site.endpoint === 'engine/containers/rename')!.spec));
    expect((await api.request({ method: 'POST', path: `/v1.22/containers/${b}/rename`, query: { name: 'conformance-refused-a' } })).status).toBe(409);
    const inspected = (await api.request({ method: 'GET', path: `/v1.22/containers/${b}/json` })).json() as { Name: string };
    expect(inspected.Name).toBe('/conformance-refused-a');
    server.setMutation(mutantHook(refused.find((m) => m.site.endpoint === 'engine/images/tag')!.spec));
    expect((await api.request({ method: 'POST', path: `/v1.22/images/${image}/tag`, query: { repo: 'conformance-refused', tag: 'bad:tag' } })).status).toBe(
      400,
    );
    server.setMutation(undefined);
    expect((await api.request({ method: 'GET', path: '/v1.22/images/conformance-refused/json' })).status).toBe(200);
    const count = async (): Promise<number> =>
      ((await api.request({ method: 'GET', path: '/v1.22/containers/json', query: { all: '1' } })).json() as unknown[]).length;
    const before = await count();
    server.setMutation(mutantHook(refused.find((m) => m.site.endpoint === 'engine/containers/create')!.spec));
    const refusedCreate = await api.request({
      method: 'POST',
      path: '/v1.22/containers/create',
      query: { name: 'conformance-refused-a' },
      headers: json,
      body: JSON.stringify({ Image: image, Cmd: ['true'] }),
    });
    expect(refusedCreate.status).toBe(409);
    server.setMutation(undefined);
    expect(await count()).toBe(before + 1);
  } finally {
    server.setMutation(undefined);
    await api.close();
    await server.close();
  }
});
