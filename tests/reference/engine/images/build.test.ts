import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it, onTestFinished } from 'vitest';
import { REGISTRY_ACCOUNT } from '../../../../reference/engine/images/registry-auth.ts';
import { call, jsonLines, tarOf, TAR, useServer } from './http.ts';

const server = useServer();

/** Serves `body` on loopback for the test; returns its URL. */
async function served(body: Buffer, status = 200): Promise<string> {
  const http = createServer((_req, res) => res.writeHead(status).end(body));
  await new Promise<void>((resolve) => http.listen(0, '127.0.0.1', resolve));
  onTestFinished(() => new Promise<void>((resolve) => http.close(() => resolve())));
  return `http://127.0.0.1:${(http.address() as AddressInfo).port}/context`;
}

async function build(query: string, files: Record<string, string>, gzip = false) {
  const r = await call(server(), 'POST', `/v1.22/build?${query}`, await tarOf(files, gzip), TAR);
  return { status: r.status, lines: jsonLines(r) };
}

describe('POST /build', () => {
  it('runs the steps and answers Step/---> lines and Successfully built', async () => {
    const { status, lines } = await build('t=app:1&t=app:2', {
      Dockerfile: 'FROM busybox\nENV A=1\nRUN echo "a=$A" > /out && cat /out\nCOPY f.txt /data/\nCMD ["cat", "/data/f.txt"]\n',
      'f.txt': 'file',
    });
    expect(status).toBe(200);
    const text = lines.map((l) => l.stream).join('');
    expect(text).toMatch(/^Step 1 : FROM busybox\n ---> [0-9a-f]{12}\nStep 2 : ENV A=1\n/);
    expect(text).toContain('a=1\n');
    const id = /Successfully built ([0-9a-f]{12})\n$/.exec(text)![1]!;
    const inspect = (await call(server(), 'GET', '/v1.22/images/app:2/json')).json();
    expect(inspect.Id.slice(7, 19)).toBe(id);
    expect(inspect.Config.Cmd).toEqual(['cat', '/data/f.txt']);
    expect(inspect.RepoTags.sort()).toEqual(['app:1', 'app:2']);
  });

  it('uses the cache on a second build unless nocache', async () => {
    const files = { Dockerfile: 'FROM busybox\nRUN echo cached\n' };
    await build('', files);
    expect(
      jsonLines(await call(server(), 'POST', '/v1.22/build', await tarOf(files), TAR))
        .map((l) => l.stream)
        .join(''),
    ).toContain('Using cache');
    expect((await build('nocache=1', files)).lines.map((l) => l.stream).join('')).not.toContain('Using cache');
  });

  it('reads the build file named by the dockerfile parameter, from a gzip context', async () => {
    const { lines } = await build('dockerfile=sub/Build.file&q=1', { 'sub/Build.file': 'FROM busybox\nLABEL x=y\n' }, true);
    expect(lines).toHaveLength(1);
    expect(lines[0]!.stream).toMatch(/^sha256:[0-9a-f]{64}\n$/);
  });

  it('answers {error, errorDetail} in the 200 stream for a syntax error and a failing RUN', async () => {
    const syntax = await build('', { Dockerfile: 'FROM busybox\nBOGUS x\n' });
    expect(syntax.status).toBe(200);
    expect(syntax.lines).toEqual([{ error: 'Unknown instruction: BOGUS', errorDetail: { code: 1, message: 'Unknown instruction: BOGUS' } }]);
    const failing = await build('', { Dockerfile: 'FROM busybox\nRUN exit 3\n' });
    expect(failing.lines.at(-1)).toEqual({
      error: "The command '/bin/sh -c exit 3' returned a non-zero code: 3",
      errorDetail: { code: 3, message: "The command '/bin/sh -c exit 3' returned a non-zero code: 3" },
    });
  });

  it('passes buildargs to ARG and fails on build args nobody declared', async () => {
    const ok = await build(`buildargs=${encodeURIComponent('{"WHO":"you"}')}`, { Dockerfile: 'FROM busybox\nARG WHO=me\nRUN echo hi $WHO\n' });
    expect(ok.lines.map((l) => l.stream).join('')).toContain('hi you\n');
    const unused = await build(`buildargs=${encodeURIComponent('{"NOPE":"x"}')}`, { Dockerfile: 'FROM busybox\n' });
    expect(unused.lines.at(-1)!.error).toContain('[NOPE] were not consumed');
  });

  it('builds from a remote build file (dockerfile ignored) or (1.22) a remote context tarball; a remote that cannot be fetched is a 500', async () => {
    const file = await served(Buffer.from('FROM busybox\nLABEL via=file\n'));
    const fromFile = await call(server(), 'POST', `/v1.18/build?t=remote:file&dockerfile=nothing&remote=${encodeURIComponent(file)}`);
    expect(jsonLines(fromFile).at(-1)!.stream).toMatch(/^Successfully built/);
    expect((await call(server(), 'GET', '/v1.22/images/remote:file/json')).json().Config.Labels).toEqual({ via: 'file' });
    const tarball = await served(await tarOf({ 'sub/Build.file': 'FROM busybox\nLABEL via=tarball\n' }, true));
    await call(server(), 'POST', `/v1.22/build?t=remote:tar&dockerfile=sub/Build.file&remote=${encodeURIComponent(tarball)}`);
    expect((await call(server(), 'GET', '/v1.22/images/remote:tar/json')).json().Config.Labels).toEqual({ via: 'tarball' });
    const missing = await served(Buffer.from('no'), 404);
    expect((await call(server(), 'POST', `/v1.22/build?remote=${encodeURIComponent(missing)}`)).status).toBe(500);
  });

  it('leaves the step containers of a build with rm=0, with the build resource limits in their HostConfig', async () => {
    const query = 'rm=0&nocache=1&memory=67108864&memswap=-1&cpushares=512&cpusetcpus=0&cpuperiod=100000&cpuquota=50000';
    const { lines } = await build(query, { Dockerfile: 'FROM busybox\nRUN true\n' });
    const id = /Running in ([0-9a-f]{12})/.exec(lines.map((l) => l.stream).join(''))![1]!;
    const inspect = (await call(server(), 'GET', `/v1.22/containers/${id}/json`)).json();
    expect(inspect.HostConfig).toMatchObject({ Memory: 67108864, MemorySwap: -1, CpuShares: 512, CpusetCpus: '0', CpuPeriod: 100000, CpuQuota: 50000 });
  });

  it("writes the pull of a base image that is not local into the stream between the FROM step's lines, as a pull does; q=1 leaves it out", async () => {
    const imported = await call(
      server(),
      'POST',
      '/v1.22/images/create?fromSrc=-&repo=127.0.0.1:5000/base:v1',
      await tarOf({ 'data.txt': 'x'.repeat(3000) }),
      TAR,
    );
    const id = jsonLines(imported).at(-1)!.status as string;
    const auth = { 'X-Registry-Auth': Buffer.from(JSON.stringify(REGISTRY_ACCOUNT)).toString('base64') };
    expect((await call(server(), 'POST', '/v1.22/images/127.0.0.1:5000/base/push?tag=v1', undefined, auth)).status).toBe(200);
    const config = { 'X-Registry-Config': Buffer.from(JSON.stringify({ '127.0.0.1:5000': REGISTRY_ACCOUNT })).toString('base64'), ...TAR };
    // The image leaves the store (then its child, the first build's image, keeps it: the second removes the tag only).
    const buildFrom = async (query: string, removed: string) => {
      expect((await call(server(), 'DELETE', `/v1.22/images/${removed}?force=1`)).status).toBe(200);
      return jsonLines(await call(server(), 'POST', `/v1.22/build?${query}`, await tarOf({ Dockerfile: 'FROM 127.0.0.1:5000/base:v1\nLABEL x=y\n' }), config));
    };
    const lines = await buildFrom('pull=1&nocache=1', id);
    expect(lines[0]).toEqual({ stream: 'Step 1 : FROM 127.0.0.1:5000/base:v1\n' });
    expect(lines[1]).toEqual({ status: 'Pulling from 127.0.0.1:5000/base', progressDetail: {}, id: 'v1' });
    const downloading = lines.filter((l) => l.status === 'Downloading');
    expect(downloading.map((l) => l.progressDetail)).toEqual([
      { current: expect.any(Number), total: expect.any(Number) },
      { current: expect.any(Number), total: expect.any(Number) },
    ]);
    expect(downloading[0]!.progress).toMatch(/^\[=+>? *\] /);
    const pulled = lines.findIndex((l) => l.status === 'Status: Downloaded newer image for 127.0.0.1:5000/base:v1');
    expect(lines[pulled + 1]).toEqual({ stream: ` ---> ${id.slice(7, 19)}\n` });
    const quiet = await buildFrom('q=1&nocache=1', '127.0.0.1:5000/base:v1');
    expect(quiet).toEqual([{ stream: expect.stringMatching(/^sha256:[0-9a-f]{64}\n$/) }]);
  });

  it('rejects a negative shmsize', async () => {
    const r = await call(server(), 'POST', '/v1.22/build?shmsize=-1', await tarOf({ Dockerfile: 'FROM busybox\n' }), TAR);
    expect(r.status).toBe(500);
    expect(r.text).toBe('ShmSize must be greater than 0\n');
  });
});

describe('POST /commit', () => {
  it('commits a container with changes, author and comment (201 {Id})', async () => {
    const t = server();
    const create = await call(t, 'POST', '/v1.22/containers/create?name=tocommit', { Image: 'busybox', Cmd: ['sh', '-c', 'echo x > /made'] });
    expect(create.status).toBe(201);
    await call(t, 'POST', '/v1.22/containers/tocommit/start');
    await call(t, 'POST', '/v1.22/containers/tocommit/wait');
    const r = await call(
      t,
      'POST',
      `/v1.22/commit?container=tocommit&repo=committed&tag=v1&author=me&comment=note&changes=${encodeURIComponent('CMD ["cat","/made"]')}`,
    );
    expect(r.status).toBe(201);
    const inspect = (await call(t, 'GET', '/v1.22/images/committed:v1/json')).json();
    expect(inspect).toMatchObject({ Id: r.json().Id, Author: 'me', Comment: 'note', Config: { Cmd: ['cat', '/made'] } });
    expect((await call(t, 'POST', '/v1.22/commit?container=nothing')).status).toBe(404);
  });
});
