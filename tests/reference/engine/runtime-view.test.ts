import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, readFrames, request, runToExit, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
let ignored: TestServer;
beforeAll(async () => {
  t = await startTestServer();
  ignored = await startTestServer({ faults: ['field-ignored:ReadonlyRootfs', 'field-ignored:CapAdd', 'field-ignored:Memory'] });
});
afterAll(async () => {
  await t.close();
  await ignored.close();
});

/** Runs `script` in a container created with `fields` and returns its stdout. */
async function inside(server: TestServer, script: string, fields: Record<string, unknown> = {}): Promise<string> {
  const id = await runToExit(server.socketPath, { Image: 'fixture:latest', Cmd: ['sh', '-c', script], ...fields });
  const logs = await request(server.socketPath, 'GET', `/v1.22/containers/${id}/logs?stdout=1`);
  return readFrames(logs.body)
    .map((f) => f.payload)
    .join('');
}

describe('engine reference: what a container sees of its create fields', () => {
  it('a read-only root refuses writes (EROFS), its rw volumes and the default root do not', async () => {
    const script = 'touch /probe && echo root-ok; touch /vol/probe && echo vol-ok';
    expect(await inside(t, script, { Volumes: { '/vol': {} } })).toBe('root-ok\nvol-ok\n');
    expect(await inside(t, script, { Volumes: { '/vol': {} }, HostConfig: { ReadonlyRootfs: true } })).toBe('vol-ok\n');
  });

  it('/proc/mounts lists the volumes, binds (ro/rw) and tmpfs mounts; /proc/self/status the capabilities', async () => {
    const mounts = await inside(t, 'cat /proc/mounts', { HostConfig: { Binds: ['/tmp:/ro:ro'], Tmpfs: { '/t': 'size=1m' } } });
    expect(mounts).toContain('/tmp /ro ext4 ro,relatime 0 0');
    expect(mounts).toMatch(/^tmpfs \/t tmpfs rw,.*size=1m 0 0$/m);
    expect(mounts).toMatch(/^shm \/dev\/shm tmpfs .*size=65536k 0 0$/m);
    expect(await inside(t, 'cat /proc/self/status', {})).toContain('CapEff:\t00000000a80425fb');
    expect(await inside(t, 'cat /proc/self/status', { HostConfig: { CapAdd: ['NET_ADMIN'], CapDrop: ['MKNOD'] } })).toContain('CapEff:\t00000000a00435fb');
  });

  it('a field-ignored fault keeps the echo and drops only that effect', async () => {
    expect(await inside(ignored, 'touch /probe && echo written', { HostConfig: { ReadonlyRootfs: true } })).toBe('written\n');
    expect(await inside(ignored, 'cat /proc/self/status', { HostConfig: { CapAdd: ['NET_ADMIN'], CapDrop: ['MKNOD'] } })).toContain(
      'CapEff:\t00000000a00425fb',
    );
  });
});

describe('engine reference: the memory cgroup of a container', () => {
  /** Doubles a shell variable: 16 bytes times 2^22 (64 MiB) at most, far past an 8 MiB limit. */
  const GROWS = 'x=0123456789abcdef; i=0; while [ $i -lt 22 ]; do x=$x$x; i=$((i+1)); done; echo survived';
  const MIB = 1024 * 1024;

  it('a program past Memory is killed by the OOM killer: exit 137, OOMKilled, an oom event before die', async () => {
    const since = Math.floor(Date.now() / 1000);
    const id = await runToExit(t.socketPath, { Image: 'fixture:latest', Cmd: ['sh', '-c', GROWS], HostConfig: { Memory: 8 * MIB } });
    const state = JSON.parse((await request(t.socketPath, 'GET', `/v1.22/containers/${id}/json`)).body.toString()).State;
    expect([state.ExitCode, state.OOMKilled]).toEqual([137, true]);
    const until = Math.floor(Date.now() / 1000) + 1;
    const events = await request(
      t.socketPath,
      'GET',
      `/v1.22/events?since=${since}&until=${until}&filters=${encodeURIComponent(JSON.stringify({ container: [id] }))}`,
    );
    const kinds = events.body
      .toString()
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line).Action);
    expect(kinds.filter((k: string) => k === 'oom' || k === 'die')).toEqual(['oom', 'die']);
  });

  it('without a limit, with OomKillDisable, or under field-ignored:Memory the same program runs to its end', async () => {
    expect(await inside(t, GROWS)).toBe('survived\n');
    expect(await inside(ignored, GROWS, { HostConfig: { Memory: 8 * MIB } })).toBe('survived\n');
    const id = await createContainer(t.socketPath, {
      Image: 'fixture:latest',
      Cmd: ['sh', '-c', GROWS],
      HostConfig: { Memory: 8 * MIB, OomKillDisable: true },
    });
    await request(t.socketPath, 'POST', `/v1.22/containers/${id}/start`);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const state = JSON.parse((await request(t.socketPath, 'GET', `/v1.22/containers/${id}/json`)).body.toString()).State;
    expect([state.Running, state.OOMKilled]).toEqual([true, false]);
    await request(t.socketPath, 'POST', `/v1.22/containers/${id}/kill`);
  });
});
