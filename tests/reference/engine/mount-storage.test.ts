import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, rawExchange, readFrames, request, runToExit, splitHead, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let bindsIgnored: TestServer;
let detached: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  bindsIgnored = await startTestServer({ faults: ['field-ignored:Binds'] });
  detached = await startTestServer({ faults: ['storage-detached:Binds', 'storage-detached:VolumesFrom'] });
});
afterAll(async () => {
  await t.close();
  await bindsIgnored.close();
  await detached.close();
});

/** Runs `script` in a container created with `hostConfig` (and `fields`) and returns its stdout. */
async function inside(server: TestServer, script: string, hostConfig: Record<string, unknown>, fields: Record<string, unknown> = {}): Promise<string> {
  const id = await runToExit(server.socketPath, { Image: 'fixture:latest', Cmd: ['sh', '-c', script], HostConfig: hostConfig, ...fields });
  const logs = await request(server.socketPath, 'GET', `/v1.22/containers/${id}/logs?stdout=1`);
  return readFrames(logs.body)
    .map((f) => f.payload)
    .join('');
}

const createVolume = async (name: string) => expect((await request(t.socketPath, 'POST', '/v1.22/volumes/create', { Name: name })).status).toBe(201);

describe('engine reference: binds and volumes mount shared storage', () => {
  it('a bind shows the host directory: written through one container, read through another elsewhere, read-only where :ro', async () => {
    expect(await inside(t, 'mkdir /a/d && echo token > /a/d/f && echo ok', { Binds: ['/tmp:/a'] })).toBe('ok\n');
    const script = 'cat /ro/f; touch /ro/g && echo written || echo refused';
    expect(await inside(t, script, { Binds: ['/tmp/d:/ro:ro'] })).toBe('token\nrefused\n');
    expect(await inside(t, 'cat /b/d/f && rm -r /b/d && ls /b', { Binds: ['/tmp:/b'] })).toBe('token\n');
    expect(await inside(t, 'ls /c', { Binds: ['/tmp:/c'] })).toBe('');
  });

  it("a write through a bind is not the container's own change, and a mount point cannot be removed", async () => {
    const id = await runToExit(t.socketPath, {
      Image: 'fixture:latest',
      Cmd: ['sh', '-c', 'touch /m/own; rm -r /m || echo busy'],
      HostConfig: { Binds: ['/tmp:/m'] },
    });
    const changes = (await request(t.socketPath, 'GET', `/v1.22/containers/${id}/changes`)).json() as Array<{ Path: string }>;
    expect(changes.map((c) => c.Path)).not.toContain('/m/own');
    expect(await inside(t, 'ls /m && rm /m/own', { Binds: ['/tmp:/m'] })).toBe('own\n');
  });

  it('a named volume keeps its content for every container mounting it, another volume does not show it, removal empties it', async () => {
    await createVolume('shared');
    await createVolume('other');
    await inside(t, 'echo token > /v/f', { Binds: ['shared:/v'] });
    const script = 'cat /w/f; test -e /o/f && echo shown || echo absent; touch /w/g && echo written || echo refused';
    expect(await inside(t, script, { Binds: ['shared:/w:ro', 'other:/o'] })).toBe('token\nabsent\nrefused\n');
    for (const name of ['shared', 'other']) {
      for (const c of (await request(t.socketPath, 'GET', '/v1.22/containers/json?all=1')).json() as Array<{ Id: string }>)
        await request(t.socketPath, 'DELETE', `/v1.22/containers/${c.Id}?force=1`);
      expect((await request(t.socketPath, 'DELETE', `/v1.22/volumes/${name}`)).status).toBe(204);
    }
    await createVolume('shared');
    expect(await inside(t, 'ls /v', { Binds: ['shared:/v'] })).toBe('');
  });

  it("VolumesFrom shows the other container's volume content (read-only with :ro)", async () => {
    await request(t.socketPath, 'POST', '/v1.22/containers/create?name=source', {
      Image: 'fixture:latest',
      Cmd: ['sh', '-c', 'echo token > /data/f'],
      Volumes: { '/data': {} },
    });
    await request(t.socketPath, 'POST', '/v1.22/containers/source/start');
    await request(t.socketPath, 'POST', '/v1.22/containers/source/wait');
    expect(await inside(t, 'cat /data/f; touch /data/g && echo written || echo refused', { VolumesFrom: ['source:ro'] })).toBe('token\nrefused\n');
  });

  it("a bind of a volume's host directory (1.18 inspect Volumes) shows its content; DELETE ?v=1 empties it for a container still binding it", async () => {
    const writer = await runToExit(t.socketPath, { Image: 'fixture:latest', Cmd: ['sh', '-c', 'echo token > /data/f'], Volumes: { '/data': {} } });
    const dir = ((await request(t.socketPath, 'GET', `/v1.18/containers/${writer}/json`)).json() as { Volumes: Record<string, string> }).Volumes['/data']!;
    expect(await inside(t, 'cat /w/f', { Binds: [`${dir}:/w:ro`] })).toBe('token\n');
    const observer = await createContainer(t.socketPath, { Cmd: ['sleep', '300'], HostConfig: { Binds: [`${dir}:/w:ro`] } });
    await request(t.socketPath, 'POST', `/v1.18/containers/${observer}/start`);
    const readInObserver = async (): Promise<string> => {
      const exec = (
        await request(t.socketPath, 'POST', `/v1.18/containers/${observer}/exec`, { AttachStdout: true, Cmd: ['sh', '-c', 'cat /w/f; true'] })
      ).json();
      const head = 'POST /v1.18/exec/' + exec.Id + '/start HTTP/1.1\r\nHost: engine\r\nContent-Type: application/json';
      return readFrames(splitHead(await rawExchange(t.socketPath, head, JSON.stringify({ Detach: false, Tty: false }))).stream)
        .map((f) => f.payload)
        .join('');
    };
    expect(await readInObserver()).toBe('token\n');
    expect((await request(t.socketPath, 'DELETE', `/v1.18/containers/${writer}?v=1`)).status).toBe(204);
    expect(await readInObserver()).toBe('');
    expect(await inside(t, 'ls /w', { Binds: [`${dir}:/w`] })).toBe('');
  });

  it('field-ignored:Binds leaves the destination an empty directory of the container', async () => {
    await inside(bindsIgnored, 'echo token > /a/f', { Binds: ['/tmp:/a'] });
    expect(await inside(bindsIgnored, 'cat /b/f || echo missing', { Binds: ['/tmp:/b'] })).toBe('missing\n');
  });

  it('storage-detached:<Field> mounts as stated (/proc/mounts, :ro refusing writes) on storage of the container alone', async () => {
    await inside(detached, 'echo token > /a/f', { Binds: ['/tmp:/a'] });
    const seen = await inside(detached, 'cat /b/f || echo missing; touch /b/g || echo refused; cat /proc/mounts', { Binds: ['/tmp:/b:ro'] });
    expect(seen).toMatch(/^missing\nrefused\n/);
    expect(seen).toContain('/tmp /b ext4 ro,relatime 0 0');
    await request(detached.socketPath, 'POST', '/v1.22/containers/create?name=source', {
      Image: 'fixture:latest',
      Cmd: ['sh', '-c', 'echo token > /data/f'],
      Volumes: { '/data': {} },
    });
    await request(detached.socketPath, 'POST', '/v1.22/containers/source/start');
    await request(detached.socketPath, 'POST', '/v1.22/containers/source/wait');
    expect(await inside(detached, 'ls /data', { VolumesFrom: ['source'] })).toBe('');
  });
});
