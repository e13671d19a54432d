/**
 * The faults that prove the rules no other fault broke: each probe observes one value on a server
 * with the fault and on one without, and the two must be the broken and the kept behaviour.
 */
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { ENGINE_FAULTS, type EngineFaultName } from '../../../reference/engine/index.ts';
import { createContainer, FIXTURE_IMAGE, rawExchange, request, splitHead, startTestServer, type TestServer } from './helpers.ts';
import { jsonLines, tarOf, TAR } from './images/http.ts';

interface Probe {
  /** What the server shows; compared between the faulted and the unfaulted server. */
  observe(t: TestServer): Promise<unknown>;
  faulted: unknown;
  kept: unknown;
}

const api = (t: TestServer, method: string, path: string, body?: unknown, headers?: Record<string, string>) =>
  request(t.socketPath, method, path, body, headers);

/** The ids of the intermediate containers a build's output names, and whether each still exists. */
async function leftContainers(t: TestServer, query: string, buildFile: string): Promise<boolean[]> {
  const out = jsonLines(await api(t, 'POST', `/v1.22/build?${query}`, await tarOf({ Dockerfile: buildFile }), TAR));
  const ids = out.flatMap((o) => [...String(o.stream ?? '').matchAll(/Running in ([0-9a-f]{12})/g)].map((m) => m[1]!));
  return Promise.all(ids.map(async (id) => (await api(t, 'GET', `/v1.22/containers/${id}/json`)).status === 200));
}

const PROBES = {
  'create-no-Warnings': {
    observe: async (t) => 'Warnings' in (await api(t, 'POST', '/v1.18/containers/create', { Image: FIXTURE_IMAGE, Cmd: ['true'] })).json(),
    faulted: false,
    kept: true,
  },
  'v1.22-prefix-refused': {
    observe: async (t) => [(await api(t, 'GET', '/v1.22/version')).status, (await api(t, 'GET', '/v1.18/version')).status],
    faulted: [400, 200],
    kept: [200, 200],
  },
  'info-1.18-flags-boolean': { observe: async (t) => (await api(t, 'GET', '/v1.18/info')).json().Debug, faulted: false, kept: 0 },
  'config-image-stored-as-id': {
    observe: async (t) =>
      (await api(t, 'GET', `/v1.22/containers/${await createContainer(t.socketPath, { Image: FIXTURE_IMAGE, Cmd: ['true'] })}/json`)).json().Config.Image ===
      FIXTURE_IMAGE,
    faulted: false,
    kept: true,
  },
  'networking-config-ignored': {
    async observe(t) {
      await api(t, 'POST', '/v1.22/networks/create', { Name: 'n1' });
      const id = await createContainer(t.socketPath, {
        Image: FIXTURE_IMAGE,
        Cmd: ['true'],
        HostConfig: { NetworkMode: 'n1' },
        NetworkingConfig: { EndpointsConfig: { n1: { Aliases: ['a1'] } } },
      });
      return (await api(t, 'GET', `/v1.22/containers/${id}/json`)).json().NetworkSettings.Networks.n1.Aliases;
    },
    faulted: [],
    kept: ['a1'],
  },
  'archive-head-has-body': {
    async observe(t) {
      const id = await createContainer(t.socketPath, { Image: FIXTURE_IMAGE, Cmd: ['true'] });
      const raw = await rawExchange(t.socketPath, `HEAD /v1.22/containers/${id}/archive?path=/etc/hostname HTTP/1.1\r\nHost: engine\r\nConnection: close`, '', {
        timeoutMs: 1000,
      });
      return splitHead(raw).stream.length > 0;
    },
    faulted: true,
    kept: false,
  },
  'progress-detail-text': {
    async observe(t) {
      const lines = jsonLines(await api(t, 'POST', '/v1.22/images/create?fromSrc=-&repo=imported', await tarOf({ x: 'x' }), TAR));
      return typeof lines.find((o) => o.progressDetail?.total !== undefined)?.progressDetail.total;
    },
    faulted: 'string',
    kept: 'number',
  },
  'build-x-tar-refused': {
    async observe(t) {
      const context = await tarOf({ Dockerfile: `FROM ${FIXTURE_IMAGE}\n` });
      return [
        (await api(t, 'POST', '/v1.22/build', context, TAR)).status,
        (await api(t, 'POST', '/v1.22/build', context, { 'Content-Type': 'application/octet-stream' })).status,
      ];
    },
    faulted: [415, 200],
    kept: [200, 200],
  },
  'build-identity-context-refused': {
    async observe(t) {
      const context = await tarOf({ Dockerfile: `FROM ${FIXTURE_IMAGE}\n` });
      return [(await api(t, 'POST', '/v1.22/build', context, TAR)).status, (await api(t, 'POST', '/v1.22/build', gzipSync(context), TAR)).status];
    },
    faulted: [500, 200],
    kept: [200, 200],
  },
  'build-rm-default-off': { observe: (t) => leftContainers(t, 'nocache=1', `FROM ${FIXTURE_IMAGE}\nRUN true\n`), faulted: [true], kept: [false] },
  'build-forcerm-ignored': { observe: (t) => leftContainers(t, 'nocache=1&forcerm=1', `FROM ${FIXTURE_IMAGE}\nRUN false\n`), faulted: [true], kept: [false] },
} satisfies Partial<Record<EngineFaultName, Probe>>;

async function observeWith(faults: string[], probe: Probe): Promise<unknown> {
  const t = await startTestServer({ faults });
  try {
    return await probe.observe(t);
  } finally {
    await t.close();
  }
}

describe('engine reference: the faults of the last unproven rules', () => {
  it('every probe names a registered fault', () => {
    const names = new Set<string>(ENGINE_FAULTS.map((f) => f.name));
    for (const name of Object.keys(PROBES)) expect(names.has(name), name).toBe(true);
  });

  for (const [name, probe] of Object.entries(PROBES)) {
    it(`${name}: broken with the fault, kept without it`, async () => {
      expect(await observeWith([name], probe)).toEqual(probe.faulted);
      expect(await observeWith([], probe)).toEqual(probe.kept);
    });
  }
});
