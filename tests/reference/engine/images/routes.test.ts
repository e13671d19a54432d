import { describe, expect, it } from 'vitest';
import { call, jsonLines, tarOf, TAR, useServer } from './http.ts';
import { createContainer } from '../helpers.ts';
import { REGISTRY_ACCOUNT } from '../../../../reference/engine/images/registry-auth.ts';

const server = useServer();

async function importImage(repo: string, files: Record<string, string> = { 'hello.txt': 'hi' }): Promise<string> {
  const r = await call(server(), 'POST', `/v1.22/images/create?fromSrc=-&repo=${repo}`, await tarOf(files), TAR);
  expect(r.status).toBe(200);
  return jsonLines(r).at(-1)!.status as string;
}

describe('import (fromSrc=-)', () => {
  it('answers progress objects then the id; repo may carry the tag in 1.22', async () => {
    const r = await call(server(), 'POST', '/v1.22/images/create?fromSrc=-&repo=imported:v1', await tarOf({ a: '1' }, true), TAR);
    const lines = jsonLines(r);
    // A count of 0 is left out, as the real daemon's omitempty does.
    expect(lines[0]).toMatchObject({ status: 'Importing', progressDetail: { total: expect.any(Number) } });
    expect(lines[0]!.progressDetail).not.toHaveProperty('current');
    expect(lines.at(-1)!.status).toMatch(/^sha256:[0-9a-f]{64}$/);
    const inspect = await call(server(), 'GET', '/v1.22/images/imported:v1/json');
    expect(inspect.json().Id).toBe(lines.at(-1)!.status);
  });
});

describe('pull', () => {
  it('pulls busybox from the in-memory registry with a digest and a status line', async () => {
    const lines = jsonLines(await call(server(), 'POST', '/v1.22/images/create?fromImage=busybox&tag=latest'));
    expect(lines.some((l) => l.status === 'Pulling fs layer')).toBe(true);
    expect(lines.some((l) => /^Digest: sha256:[0-9a-f]{64}$/.test(l.status))).toBe(true);
    expect(lines.at(-1)).toEqual({ status: 'Status: Downloaded newer image for busybox:latest' });
    const digests = (await call(server(), 'GET', '/v1.22/images/json?digests=1')).json().find((i: any) => i.RepoTags.includes('busybox:latest')).RepoDigests;
    expect(digests[0]).toMatch(/^busybox@sha256:/);
  });

  it('answers 404 for an unknown repository', async () => {
    expect((await call(server(), 'POST', '/v1.22/images/create?fromImage=nosuchrepo&tag=latest')).status).toBe(404);
  });
});

describe('tag, inspect, history', () => {
  it("tags with 201; 409 when the tag is another image's unless force; 400 bad name; 404 no image", async () => {
    const id = await importImage('tagme');
    expect((await call(server(), 'POST', `/v1.22/images/${id}/tag?repo=tagged&tag=one`)).status).toBe(201);
    expect((await call(server(), 'POST', '/v1.22/images/busybox/tag?repo=tagged&tag=one')).status).toBe(409);
    expect((await call(server(), 'POST', '/v1.22/images/busybox/tag?repo=tagged&tag=one&force=1')).status).toBe(201);
    expect((await call(server(), 'POST', '/v1.22/images/busybox/tag?repo=Bad_Name')).status).toBe(400);
    expect((await call(server(), 'POST', '/v1.22/images/nothing/tag?repo=x')).status).toBe(404);
  });

  it('shapes inspect per version', async () => {
    const v18 = (await call(server(), 'GET', '/v1.18/images/busybox/json')).json();
    expect(Object.keys(v18).sort()).toEqual(['Container', 'ContainerConfig', 'Created', 'Id', 'Parent', 'Size']);
    const v22 = (await call(server(), 'GET', '/v1.22/images/busybox/json')).json();
    expect(v22).toMatchObject({
      DockerVersion: expect.any(String),
      Os: 'linux',
      GraphDriver: { Name: expect.any(String) },
      RepoTags: expect.arrayContaining(['busybox:latest']),
    });
    expect((await call(server(), 'GET', '/v1.22/images/nothing/json')).status).toBe(404);
  });

  it('gives 1.22 history Tags/Size/Comment and 1.18 only Id/Created/CreatedBy', async () => {
    const h22 = (await call(server(), 'GET', '/v1.22/images/busybox/history')).json();
    expect(h22[0]).toMatchObject({ Tags: expect.arrayContaining(['busybox:latest']), Size: 0, Comment: '' });
    expect(h22[1]).toMatchObject({ Id: '<missing>', Tags: null });
    const h18 = (await call(server(), 'GET', '/v1.18/images/busybox/history')).json();
    expect(Object.keys(h18[0]).sort()).toEqual(['Created', 'CreatedBy', 'Id']);
  });
});

describe('list', () => {
  it('filters dangling and label, matches filter= by name, adds Labels only in 1.22', async () => {
    const id = await importImage('');
    const dangling = (await call(server(), 'GET', `/v1.22/images/json?filters=${encodeURIComponent('{"dangling":["true"]}')}`)).json();
    expect(dangling.map((i: any) => i.Id)).toContain(id);
    expect(dangling.every((i: any) => i.RepoTags[0] === '<none>:<none>')).toBe(true);
    const named = (await call(server(), 'GET', '/v1.22/images/json?filter=busy*')).json();
    expect(named.flatMap((i: any) => i.RepoTags)).toEqual(['busybox:latest']);
    expect((await call(server(), 'GET', '/v1.18/images/json')).json()[0]).not.toHaveProperty('Labels');
    expect((await call(server(), 'GET', `/v1.22/images/json?filters=${encodeURIComponent('{"nope":["x"]}')}`)).status).toBe(400);
    // GET /images/json lists 200 and 500 only: malformed filters are refused 500.
    for (const filters of ['{"label": [', '["label"]'])
      expect((await call(server(), 'GET', `/v1.22/images/json?filters=${encodeURIComponent(filters)}`)).status, filters).toBe(500);
  });
});

describe('delete', () => {
  it('only untags while other tags remain, then deletes; Untagged and Deleted answer the image identifier', async () => {
    const id = await importImage('del:a');
    await call(server(), 'POST', `/v1.22/images/${id}/tag?repo=del&tag=b`);
    expect((await call(server(), 'DELETE', '/v1.22/images/del:a')).json()).toEqual([{ Untagged: id }]);
    expect((await call(server(), 'DELETE', '/v1.22/images/del:b')).json()).toEqual([{ Untagged: id }, { Deleted: id }]);
    expect((await call(server(), 'DELETE', '/v1.22/images/del:b')).status).toBe(404);
  });

  it('answers 409 for the last reference of an image a container uses, unless force', async () => {
    const id = await importImage('used:1', { 'bin/sh': '' });
    await createContainer(server().socketPath, { Image: 'used:1', Cmd: ['sh'] });
    expect((await call(server(), 'DELETE', '/v1.22/images/used:1')).status).toBe(409);
    expect((await call(server(), 'DELETE', '/v1.22/images/used:1?force=1')).json()).toContainEqual({ Deleted: id });
  });
});

describe('push and search', () => {
  it('pushes a tagged image with progress and a digest; 404 for an untagged or unknown one', async () => {
    await call(server(), 'POST', '/v1.22/images/busybox/tag?repo=127.0.0.1:5000/mine&tag=v1');
    const lines = jsonLines(
      await call(server(), 'POST', '/v1.22/images/127.0.0.1:5000/mine/push?tag=v1', undefined, {
        'X-Registry-Auth': Buffer.from(JSON.stringify(REGISTRY_ACCOUNT)).toString('base64'),
      }),
    );
    expect(lines[0]!.status).toBe('The push refers to a repository [127.0.0.1:5000/mine]');
    expect(lines.at(-1)!.status).toMatch(/^v1: digest: sha256:[0-9a-f]{64} size: \d+$/);
    expect((await call(server(), 'POST', '/v1.22/images/nothing/push')).status).toBe(404);
    const search = (await call(server(), 'GET', '/v1.22/images/search?term=mine')).json();
    expect(search).toEqual([{ star_count: 0, is_official: false, name: '127.0.0.1:5000/mine', is_automated: false, description: '' }]);
  });

  it('reports an unreachable registry (.invalid host) as an in-stream error after 200', async () => {
    await call(server(), 'POST', '/v1.22/images/busybox/tag?repo=reg.invalid/x');
    const r = await call(server(), 'POST', '/v1.22/images/reg.invalid/x/push');
    expect(r.status).toBe(200);
    expect(jsonLines(r).at(-1)).toMatchObject({ error: expect.stringContaining('no such host') });
  });
});

describe('get and load', () => {
  it('saves with GET /images/get?names= (repeatable) and loads the tarball back', async () => {
    const id = await importImage('saved:v1');
    const tar = await call(server(), 'GET', '/v1.22/images/get?names=saved:v1&names=busybox');
    expect(tar.headers['content-type']).toBe('application/x-tar');
    await call(server(), 'DELETE', '/v1.22/images/saved:v1');
    const load = await call(server(), 'POST', '/v1.22/images/load', tar.body, TAR);
    expect(jsonLines(load)).toContainEqual({ stream: 'Loaded image: saved:v1\n' });
    expect((await call(server(), 'GET', '/v1.22/images/saved:v1/json')).json().Id).toBe(id);
  });
});
