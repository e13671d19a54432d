import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createContainer, request, runToExit, startTestServer, type TestServer } from './helpers.ts';

let t: TestServer;
const api = (method: string, path: string, body?: unknown) => request(t.socketPath, method, path, body);
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t.close();
});

describe('engine reference: create and inspect', () => {
  it('stores every create field and returns it, shaped per version', async () => {
    const body = {
      Hostname: 'h1',
      Domainname: 'example.org',
      User: 'root',
      AttachStdout: true,
      Tty: false,
      OpenStdin: true,
      StdinOnce: true,
      Env: ['A=1'],
      Labels: { team: 'x' },
      Cmd: 'sleep',
      Entrypoint: null,
      WorkingDir: '/work',
      NetworkDisabled: false,
      MacAddress: '02:42:ac:11:00:09',
      ExposedPorts: { '80/tcp': {} },
      StopSignal: 'SIGINT',
      Volumes: { '/data': {} },
      HostConfig: {
        Memory: 8 * 1024 * 1024,
        MemorySwap: 16 * 1024 * 1024,
        CpuShares: 512,
        BlkioWeight: 300,
        Dns: ['8.8.8.8'],
        RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 2 },
        LxcConf: { 'lxc.utsname': 'x' },
      },
    };
    const id = await createContainer(t.socketPath, body, { name: 'stored' });
    const v22 = (await api('GET', `/v1.22/containers/stored/json`)).json();
    expect(v22.Id).toBe(id);
    expect(v22.Name).toBe('/stored');
    expect(v22.Config).toMatchObject({
      Hostname: 'h1',
      Domainname: 'example.org',
      OpenStdin: true,
      StdinOnce: true,
      Cmd: ['sleep'],
      WorkingDir: '/work',
      StopSignal: 'SIGINT',
      MacAddress: '02:42:ac:11:00:09',
      ExposedPorts: { '80/tcp': {} },
      Labels: { team: 'x' },
    });
    expect(v22.Config.Env).toContain('A=1');
    expect(v22.HostConfig).toMatchObject({
      Memory: 8388608,
      CpuShares: 512,
      BlkioWeight: 300,
      Dns: ['8.8.8.8'],
      RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 2 },
    });
    expect(v22.HostConfig.LxcConf).toEqual([{ Key: 'lxc.utsname', Value: 'x' }]);
    expect(v22.State).toMatchObject({ Status: 'created', Running: false, Dead: false });
    expect(v22.Mounts[0]).toMatchObject({ Destination: '/data', Driver: 'local', RW: true });
    expect(v22.NetworkSettings.Networks).toHaveProperty('bridge');
    expect(v22).not.toHaveProperty('ExecDriver');
    expect(v22.Config).not.toHaveProperty('PortSpecs');
    const v18 = (await api('GET', `/v1.18/containers/${id}/json`)).json();
    expect(v18).toHaveProperty('ExecDriver');
    expect(v18.Volumes).toHaveProperty('/data');
    expect(v18.VolumesRW).toEqual({ '/data': true });
    expect(v18.Config).toHaveProperty('PortSpecs');
    expect(v18.Config).not.toHaveProperty('StopSignal');
    expect(v18.State).not.toHaveProperty('Status');
    expect(v18.NetworkSettings).not.toHaveProperty('Networks');
    expect(v18).not.toHaveProperty('Mounts');
    expect(v18.HostConfig).not.toHaveProperty('BlkioWeight');
  });

  it('checks names against /?[a-zA-Z0-9_-]+ and answers 409 on a name in use', async () => {
    expect((await api('POST', '/v1.22/containers/create?name=bad.name', { Image: 'fixture', Cmd: ['true'] })).status).toBe(400);
    expect((await api('POST', '/v1.22/containers/create?name=/slash_ok-1', { Image: 'fixture', Cmd: ['true'] })).status).toBe(201);
    const conflict = await api('POST', '/v1.22/containers/create?name=slash_ok-1', { Image: 'fixture', Cmd: ['true'] });
    expect(conflict.status).toBe(409);
    expect(conflict.text).toMatch(/already in use/);
  });

  it('answers 404 for a missing image and 400 for out-of-range limits', async () => {
    expect((await api('POST', '/v1.22/containers/create', { Image: 'nope:1', Cmd: ['true'] })).status).toBe(404);
    const limits = [
      { BlkioWeight: 5 },
      { MemorySwappiness: 101 },
      { ShmSize: -1 },
      { Memory: 8388608, MemorySwap: 4194304 },
      { RestartPolicy: { Name: 'sometimes' } },
    ];
    for (const HostConfig of limits) {
      expect((await api('POST', '/v1.22/containers/create', { Image: 'fixture', Cmd: ['true'], HostConfig })).status, JSON.stringify(HostConfig)).toBe(400);
    }
    expect(
      (await api('POST', '/v1.18/containers/create', { Image: 'fixture', Cmd: ['true'], HostConfig: { RestartPolicy: { Name: 'unless-stopped' } } })).status,
    ).toBe(400);
  });

  it('reports SizeRw and SizeRootFs with size=1 in 1.22', async () => {
    const id = await runToExit(t.socketPath, { Cmd: ['sh', '-c', 'echo 12345 > /tmp/f'] });
    const sized = (await api('GET', `/v1.22/containers/${id}/json?size=1`)).json();
    expect(sized.SizeRw).toBe(6);
    expect(sized.SizeRootFs).toBeGreaterThanOrEqual(6);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json()).not.toHaveProperty('SizeRw');
  });

  it('answers what a start sets (its files paths, its endpoints NetworkID) empty until the first start, and keeps it after a stop', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['true'] });
    const paths = ['HostnamePath', 'HostsPath', 'LogPath', 'ResolvConfPath'];
    const read = async () => {
      const inspect = (await api('GET', `/v1.22/containers/${id}/json`)).json();
      const item = (await api('GET', '/v1.22/containers/json?all=1')).json().find((i: { Id: string }) => i.Id === id);
      return { paths: paths.map((p) => inspect[p]), ids: [inspect.NetworkSettings.Networks.bridge.NetworkID, item.NetworkSettings.Networks.bridge.NetworkID] };
    };
    expect(await read()).toEqual({ paths: ['', '', '', ''], ids: ['', ''] });
    await api('POST', `/v1.22/containers/${id}/start`);
    await api('POST', `/v1.22/containers/${id}/wait`);
    const bridge = (await api('GET', '/v1.22/networks/bridge')).json().Id;
    const after = await read();
    expect(after.ids).toEqual([bridge, bridge]);
    expect(after.paths.map((p: string) => p.split('/').at(-1))).toEqual(['hostname', 'hosts', `${id}-json.log`, 'resolv.conf']);
  });
});

describe('engine reference: state transitions', () => {
  it('start 204 then 304, stop 204 then 304, wait returns the exit code', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sh', '-c', 'trap "exit 5" TERM; while true; do sleep 0.05; done'] });
    expect((await api('POST', `/v1.22/containers/${id}/start`)).status).toBe(204);
    expect((await api('POST', `/v1.22/containers/${id}/start`)).status).toBe(304);
    expect((await api('POST', `/v1.22/containers/${id}/stop?t=2`)).status).toBe(204);
    expect((await api('POST', `/v1.22/containers/${id}/stop`)).status).toBe(304);
    expect((await api('POST', `/v1.22/containers/${id}/wait`)).json()).toEqual({ StatusCode: 5 });
  });

  it('stop kills after t seconds when the program ignores the stop signal', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sh', '-c', 'trap "" TERM; sleep 100'] });
    await api('POST', `/v1.22/containers/${id}/start`);
    const started = Date.now();
    expect((await api('POST', `/v1.22/containers/${id}/stop?t=1`)).status).toBe(204);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().State.ExitCode).toBe(137);
  });

  it('kill sends SIGKILL by default and the named signal otherwise', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sh', '-c', 'trap "echo got-usr1" USR1; while true; do sleep 0.05; done'] });
    await api('POST', `/v1.22/containers/${id}/start`);
    expect((await api('POST', `/v1.22/containers/${id}/kill?signal=SIGUSR1`)).status).toBe(204);
    await new Promise((r) => setTimeout(r, 150));
    const logs = await api('GET', `/v1.22/containers/${id}/logs?stdout=1`);
    expect(logs.body.subarray(8).toString()).toContain('got-usr1');
    expect((await api('POST', `/v1.22/containers/${id}/kill`)).status).toBe(204);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().State).toMatchObject({ Running: false, ExitCode: 137 });
    expect((await api('POST', `/v1.22/containers/${id}/kill`)).status).toBe(500);
  });

  it('pause and unpause; 1.22 attach/exec answer 409 while paused', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] });
    await api('POST', `/v1.22/containers/${id}/start`);
    expect((await api('POST', `/v1.22/containers/${id}/pause`)).status).toBe(204);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().State).toMatchObject({ Paused: true, Status: 'paused' });
    expect((await api('POST', `/v1.22/containers/${id}/exec`, { Cmd: ['true'] })).status).toBe(409);
    expect((await api('POST', `/v1.22/containers/${id}/attach?stream=1&stdout=1`)).status).toBe(409);
    expect((await api('POST', `/v1.22/containers/${id}/unpause`)).status).toBe(204);
    expect((await api('POST', `/v1.22/containers/${id}/exec`, { Cmd: ['true'] })).status).toBe(201);
    await api('DELETE', `/v1.22/containers/${id}?force=1`);
  });

  it('restart policies: on-failure with MaximumRetryCount, delays doubling from 100 ms', async () => {
    const id = await createContainer(t.socketPath, {
      Cmd: ['sh', '-c', 'exit 1'],
      HostConfig: { RestartPolicy: { Name: 'on-failure', MaximumRetryCount: 3 } },
    });
    const since = (Date.now() / 1000).toFixed(3);
    await api('POST', `/v1.22/containers/${id}/start`);
    await new Promise((r) => setTimeout(r, 100 + 200 + 400 + 300));
    const state = (await api('GET', `/v1.22/containers/${id}/json`)).json();
    expect(state.RestartCount).toBe(3);
    expect(state.State.Status).toBe('exited');
    const events = (
      await api(
        'GET',
        `/v1.22/events?since=${since}&until=${(Date.now() / 1000).toFixed(3)}` +
          `&filters=${encodeURIComponent(JSON.stringify({ event: ['start'], container: [id] }))}`,
      )
    ).text
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l));
    expect(events).toHaveLength(4);
    const gaps = events.slice(1).map((e, i) => Number(BigInt(e.timeNano) - BigInt(events[i].timeNano)) / 1e6);
    expect(gaps[0]).toBeGreaterThanOrEqual(95);
    expect(gaps[1]).toBeGreaterThanOrEqual(195);
    expect(gaps[2]).toBeGreaterThanOrEqual(395);
  });

  it('restart, rename (409 on conflict), update (1.22), resize', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] }, { name: 'renameme' });
    await createContainer(t.socketPath, { Cmd: ['true'] }, { name: 'taken' });
    await api('POST', `/v1.22/containers/${id}/start`);
    expect((await api('POST', `/v1.22/containers/${id}/restart?t=0`)).status).toBe(204);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().State.Running).toBe(true);
    expect((await api('POST', `/v1.22/containers/${id}/rename?name=taken`)).status).toBe(409);
    // Rename lists 204, 404, 409, 500: a name outside the pattern, or none, is refused 500.
    for (const bad of ['bad%20name', 'bad!', '']) expect((await api('POST', `/v1.22/containers/${id}/rename?name=${bad}`)).status, bad).toBe(500);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().Name).toBe('/renameme');
    expect((await api('POST', `/v1.22/containers/${id}/rename?name=renamed`)).status).toBe(204);
    expect((await api('GET', `/v1.22/containers/renamed/json`)).json().Id).toBe(id);
    const update = await api('POST', `/v1.22/containers/${id}/update`, { CpuShares: 256, Memory: 16777216 });
    expect(update.status).toBe(200);
    expect(update.json()).toEqual({ Warnings: [] });
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().HostConfig).toMatchObject({ CpuShares: 256, Memory: 16777216 });
    expect((await api('POST', `/v1.22/containers/${id}/update`, { BlkioWeight: 2000 })).status).toBe(400);
    const resize = await api('POST', `/v1.22/containers/${id}/resize?h=40&w=100`);
    expect(resize.status).toBe(200);
    expect(resize.headers['content-type']).toMatch(/^text\/plain/);
  });

  it('refuses a bad t, h, w or signal with 500 where 400 is not listed (stop, restart, resize, kill)', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] });
    await api('POST', `/v1.22/containers/${id}/start`);
    for (const bad of ['stop?t=abc', 'stop?t=1.5', 'restart?t=abc', 'resize?h=abc&w=80', 'resize?h=24&w=1.5', 'kill?signal=NOSUCHSIGNAL'])
      expect((await api('POST', `/v1.22/containers/${id}/${bad}`)).status, bad).toBe(500);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().State.Running).toBe(true);
  });

  it('refuses with 500 what the daemon cannot do to an existing container: resize one not running, KernelMemory of a running one', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] });
    expect((await api('POST', `/v1.22/containers/${id}/resize?h=40&w=100`)).status).toBe(500);
    expect((await api('POST', `/v1.22/containers/${id}/update`, { KernelMemory: 67108864 })).status).toBe(200);
    await api('POST', `/v1.22/containers/${id}/start`);
    expect((await api('POST', `/v1.22/containers/${id}/update`, { KernelMemory: 33554432 })).status).toBe(500);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).json().HostConfig.KernelMemory).toBe(67108864);
  });

  it("delete link=1 of a container's own name answers 400 and keeps the container; logs of the none driver answer 500", async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['true'], HostConfig: { LogConfig: { Type: 'none', Config: {} } } }, { name: 'ownname' });
    expect((await api('DELETE', '/v1.22/containers/ownname?link=1')).status).toBe(400);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).status).toBe(200);
    expect((await api('GET', `/v1.18/containers/${id}/logs?stdout=1`)).status).toBe(500);
  });

  it('delete: 409 for a running container without force, force kills, v removes anonymous volumes', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'], Volumes: { '/anon': {} } });
    await api('POST', `/v1.22/containers/${id}/start`);
    const volume = (await api('GET', `/v1.22/containers/${id}/json`)).json().Mounts[0].Name;
    expect((await api('DELETE', `/v1.22/containers/${id}`)).status).toBe(409);
    expect((await api('DELETE', `/v1.22/containers/${id}?force=1&v=1`)).status).toBe(204);
    expect((await api('GET', `/v1.22/containers/${id}/json`)).status).toBe(404);
    expect((await api('GET', `/v1.22/volumes/${volume}`)).status).toBe(404);
    expect((await api('DELETE', `/v1.22/containers/${id}`)).status).toBe(404);
  });
});

describe('engine reference: list', () => {
  it('filters by all, limit, since, before, status, exited and label', async () => {
    const a = await runToExit(t.socketPath, { Cmd: ['sh', '-c', 'exit 2'], Labels: { set: 'list', role: 'a' } });
    const b = await createContainer(t.socketPath, { Cmd: ['sleep', '100'], Labels: { set: 'list', role: 'b' } });
    await api('POST', `/v1.22/containers/${b}/start`);
    const c = await createContainer(t.socketPath, { Cmd: ['true'], Labels: { set: 'list' } });
    const ids = async (query: string) => (await api('GET', `/v1.22/containers/json?${query}`)).json().map((x: { Id: string }) => x.Id);
    const label = (f: Record<string, string[]>) => `filters=${encodeURIComponent(JSON.stringify({ label: ['set=list'], ...f }))}`;
    expect(await ids(label({}))).toEqual([b]);
    expect(await ids(`all=1&${label({})}`)).toEqual([c, b, a]);
    expect(await ids(`limit=2&${label({})}`)).toEqual([c, b]);
    expect(await ids(`since=${a}&${label({})}`)).toEqual([c, b]);
    expect(await ids(`before=${c}&all=1&${label({})}`)).toEqual([b, a]);
    expect(await ids(label({ status: ['created'] }))).toEqual([c]);
    expect(await ids(label({ exited: ['2'] }))).toEqual([a]);
    expect(await ids(`all=1&${label({ label: ['role=b'] })}`)).toEqual([b]);
    expect((await api('GET', `/v1.18/containers/json?${label({ status: ['created'] })}`)).status).toBe(400);
    expect((await api('GET', `/v1.22/containers/json?filters=${encodeURIComponent('{"bogus":["x"]}')}`)).status).toBe(400);
    // Malformed JSON answers 500, as the measured daemon does; another shape is a bad parameter, listed here.
    expect((await api('GET', `/v1.22/containers/json?filters=${encodeURIComponent('{"status": [')}`)).status).toBe(500);
    expect((await api('GET', `/v1.22/containers/json?filters=${encodeURIComponent('["label"]')}`)).status).toBe(400);
  });

  it('shapes list items per version', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['echo', 'hi'] }, { name: 'shape' });
    const v22 = (await api('GET', `/v1.22/containers/json?all=1&size=1`)).json().find((x: { Id: string }) => x.Id === id);
    expect(v22).toMatchObject({ Names: ['/shape'], Image: 'fixture:latest', Command: 'echo hi', Status: 'Created', HostConfig: { NetworkMode: 'default' } });
    expect(v22).toHaveProperty('ImageID');
    expect(v22).toHaveProperty('SizeRw');
    expect(typeof v22.Created).toBe('number');
    const v18 = (await api('GET', `/v1.18/containers/json?all=1`)).json().find((x: { Id: string }) => x.Id === id);
    expect(v18).not.toHaveProperty('ImageID');
    expect(v18).not.toHaveProperty('NetworkSettings');
    expect(v18).not.toHaveProperty('SizeRw');
  });
});

describe('engine reference: top, changes, export, archive, copy', () => {
  it('top runs ps with ps_args', async () => {
    const id = await createContainer(t.socketPath, { Cmd: ['sleep', '100'] });
    await api('POST', `/v1.22/containers/${id}/start`);
    const ef = (await api('GET', `/v1.22/containers/${id}/top`)).json();
    expect(ef.Titles).toEqual(['UID', 'PID', 'PPID', 'C', 'STIME', 'TTY', 'TIME', 'CMD']);
    expect(ef.Processes[0].at(-1)).toBe('sleep 100');
    const aux = (await api('GET', `/v1.22/containers/${id}/top?ps_args=aux`)).json();
    expect(aux.Titles[0]).toBe('USER');
    await api('DELETE', `/v1.22/containers/${id}?force=1`);
  });

  it('changes lists added, modified and deleted paths; export is a tar', async () => {
    const id = await runToExit(t.socketPath, { Cmd: ['sh', '-c', 'echo x > /tmp/new; rm /etc/hostname'] });
    const changes = (await api('GET', `/v1.22/containers/${id}/changes`)).json();
    expect(changes).toEqual(
      expect.arrayContaining([
        { Path: '/tmp/new', Kind: 1 },
        { Path: '/etc/hostname', Kind: 2 },
        { Path: '/tmp', Kind: 0 },
      ]),
    );
    const exported = await api('GET', `/v1.22/containers/${id}/export`);
    expect(exported.headers['content-type']).toBe('application/octet-stream');
    expect(exported.body.subarray(257, 262).toString()).toBe('ustar');
  });

  it('archive HEAD/GET/PUT with the path-stat header and the documented errors', async () => {
    const id = await runToExit(t.socketPath, { Cmd: ['sh', '-c', 'mkdir -p /srv/d; echo hello > /srv/d/f'] });
    const head = await api('HEAD', `/v1.22/containers/${id}/archive?path=/srv/d/f`);
    expect(head.status).toBe(200);
    const stat = JSON.parse(Buffer.from(String(head.headers['x-docker-container-path-stat']), 'base64').toString());
    expect(stat).toMatchObject({ name: 'f', size: 6 });
    const get = await api('GET', `/v1.22/containers/${id}/archive?path=/srv/d`);
    expect(get.status).toBe(200);
    expect(get.headers['content-type']).toBe('application/x-tar');
    expect(get.headers).toHaveProperty('x-docker-container-path-stat');
    const empty = await api('GET', `/v1.22/containers/${id}/archive?path=`);
    expect(empty.status).toBe(400);
    expect(empty.json()).toHaveProperty('message');
    expect((await api('GET', `/v1.22/containers/${id}/archive?path=/srv/d/f/`)).status).toBe(400);
    expect((await api('GET', `/v1.22/containers/${id}/archive?path=/missing`)).status).toBe(404);
    expect((await api('PUT', `/v1.22/containers/${id}/archive?path=/srv/d/f`, get.body)).status).toBe(400);
    expect((await api('PUT', `/v1.22/containers/${id}/archive?path=/nope`, get.body)).status).toBe(404);
    expect((await api('PUT', `/v1.22/containers/${id}/archive?path=/tmp`, get.body)).status).toBe(200);
    expect((await api('HEAD', `/v1.22/containers/${id}/archive?path=/tmp/d/f`)).status).toBe(200);
    const ro = await runToExit(t.socketPath, { Cmd: ['true'], HostConfig: { ReadonlyRootfs: true } });
    expect((await api('PUT', `/v1.22/containers/${ro}/archive?path=/tmp`, get.body)).status).toBe(403);
    expect((await api('GET', `/v1.18/containers/${id}/archive?path=/srv`)).status).toBe(404);
  });

  it('copy returns a tar in both versions and 404 for a missing path', async () => {
    const id = await runToExit(t.socketPath, { Cmd: ['sh', '-c', 'echo c > /tmp/c'] });
    for (const v of ['1.18', '1.22']) {
      const reply = await api('POST', `/v${v}/containers/${id}/copy`, { Resource: '/tmp/c' });
      expect(reply.status).toBe(200);
      expect(reply.headers['content-type']).toBe('application/x-tar');
      expect(reply.body.subarray(0, 1).toString()).toBe('c');
    }
    expect((await api('POST', `/v1.22/containers/${id}/copy`, { Resource: '/none' })).status).toBe(404);
  });
});
