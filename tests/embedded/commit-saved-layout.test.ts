import { mkdtempSync } from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import type { Outcome } from '../../harness/check/outcome.ts';
import { executeCheck } from '../../harness/check/execute.ts';
import { embeddedEngineRunConfig, embeddedFixture } from '../../harness/embedded/engine.ts';
import { newRunId } from '../../harness/fixtures/labels.ts';
import type { RunConfig } from '../../harness/run/config.ts';
import { parseTargetUrl } from '../../harness/target/endpoint.ts';
import { readTar, writeTar } from '../../reference/engine/fs/tar-io.ts';
import { type RunningEngineServer, startEngineServer } from '../../reference/engine/index.ts';
import commitChecks from '../../suites/engine/images/commit.ts';
import { engineBinding } from '../../suites/engine/support/binding.ts';

/**
 * The 1.18 commit checks read the image's configuration, comment and author from the saved
 * tarball's top layer json, whose fields the spec does not show. Against a target that writes
 * another json there (Podman's save: no author nor comment; a json without config) they end
 * unverified with the cause, never failed, and compare what the json does show.
 */
type Layout = (json: Record<string, unknown>) => Record<string, unknown>;

/** containers/image (Podman's save): the top layer json holds these of the image config, no author nor comment. */
const PODMAN_KEYS = ['id', 'parent', 'architecture', 'config', 'container', 'container_config', 'created', 'docker_version', 'os'];
const LAYOUTS: Record<string, Layout> = {
  podman: (json) => Object.fromEntries(Object.entries(json).filter(([k]) => PODMAN_KEYS.includes(k))),
  'no-config': ({ config: _config, ...rest }) => rest,
};

/** Rewrites every layer json of a save answer (GET /images/(name)/get) by the layout. */
async function relayout(tar: Buffer, layout: Layout): Promise<Buffer> {
  const entries = await readTar(tar);
  for (const entry of entries) {
    if (!/^[0-9a-f]{64}\/json$/.test(entry.header.name)) continue;
    entry.data = Buffer.from(JSON.stringify(layout(JSON.parse(entry.data.toString('utf8')))));
    entry.header.size = entry.data.length;
  }
  return writeTar(entries);
}

/** A front of the reference (on its unix socket) that gives its save answers the current layout. */
function layoutProxy(socketPath: string, current: () => Layout): Promise<http.Server> {
  const server = http.createServer((req, res) => {
    const out = http.request({ socketPath, path: req.url, method: req.method, headers: req.headers }, (answer) => {
      if (!/^\/v[\d.]+\/images\/[^?]+\/get(\?|$)/.test(req.url ?? '')) {
        res.writeHead(answer.statusCode ?? 502, answer.headers);
        answer.pipe(res);
        return;
      }
      const chunks: Buffer[] = [];
      answer.on('data', (c: Buffer) => chunks.push(c));
      answer.on('end', async () => {
        const body = await relayout(Buffer.concat(chunks), current());
        res.writeHead(answer.statusCode ?? 502, { 'content-type': 'application/x-tar', 'content-length': body.length });
        res.end(body);
      });
    });
    req.pipe(out);
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}

describe('(1.18) commit checks against a save whose top layer json is not Docker’s', () => {
  let reference: RunningEngineServer;
  let proxy: http.Server;
  let layout: Layout = LAYOUTS.podman!;
  let run: (runId: string) => RunConfig;

  beforeAll(async () => {
    reference = await startEngineServer({ listen: `unix://${path.join(mkdtempSync(path.join(tmpdir(), 'commit-layout-')), 'engine.sock')}` });
    proxy = await layoutProxy(parseTargetUrl(reference.url).socketPath!, () => layout);
    const engine = parseTargetUrl(`tcp://127.0.0.1:${(proxy.address() as AddressInfo).port}`);
    const fixture = await embeddedFixture(engine, newRunId(), 5000);
    run = (runId) => embeddedEngineRunConfig(engine, fixture, runId, '1.18', 5000);
  }, 60_000);
  afterAll(async () => {
    await new Promise((resolve) => proxy.close(resolve));
    await reference.close();
  });

  async function outcomeOf(id: string, name: keyof typeof LAYOUTS): Promise<Outcome> {
    layout = LAYOUTS[name]!;
    const binding = engineBinding(run(newRunId()), '1.18');
    const check = commitChecks.find((c) => c.id === id)!;
    try {
      return await executeCheck(check, await binding.createContext(check), binding.execute);
    } finally {
      await binding.teardown?.();
    }
  }

  test('Podman’s layout: the config is compared (passed); comment and author are not shown (unverified, not failed)', async () => {
    expect((await outcomeOf('engine/images/commit/body-config/saved', 'podman')).status).toBe('passed');
    const meta = await outcomeOf('engine/images/commit/query-comment-author', 'podman');
    expect(meta.status).toBe('skipped');
    expect(meta.message).toContain('has no comment nor author');
  }, 60_000);

  test('a top layer json without config: the body fields are unverified, not failed', async () => {
    const outcome = await outcomeOf('engine/images/commit/body-config/saved', 'no-config');
    expect(outcome.status).toBe('skipped');
    expect(outcome.message).toContain('has no config object');
  }, 60_000);
});
