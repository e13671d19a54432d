/**
 * Image interop with real clients against the reference daemon: the docker CLI (Debian 20.10,
 * /usr/bin/docker, API 1.22 and 1.18, classic builder) and docker-py 5.0.3 (/usr/bin/python3).
 * Each client is skipped only when it is not installed.
 */
import { execFile, execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers.ts';
import type { TestServer } from '../helpers.ts';
import { tarOf } from './http.ts';

const DOCKER = '/usr/bin/docker';
const PYTHON = '/usr/bin/python3';
const hasDocker = fs.existsSync(DOCKER);
const hasDockerPy =
  fs.existsSync(PYTHON) &&
  (() => {
    try {
      execFileSync(PYTHON, ['-c', 'import docker'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

let t: TestServer;
let work: string;

beforeAll(async () => {
  t = await startTestServer();
  work = fs.mkdtempSync(path.join(os.tmpdir(), 'engine-images-interop-'));
  fs.writeFileSync(path.join(work, 'rootfs.tar'), await tarOf({ 'hello.txt': 'hello from import\n', 'bin/busybox': 'x' }));
});
afterAll(async () => {
  await t.close();
  fs.rmSync(work, { recursive: true, force: true });
});

interface Result {
  code: number;
  stdout: string;
  stderr: string;
}

function run(file: string, args: string[], env: Record<string, string>, input?: string): Promise<Result> {
  return new Promise((resolve) => {
    const child = execFile(
      file,
      args,
      { env: { PATH: process.env.PATH ?? '/usr/bin:/bin', HOME: work, DOCKER_CONFIG: path.join(work, '.docker'), ...env }, cwd: work, timeout: 30_000 },
      (err, stdout, stderr) => {
        resolve({ code: err ? (typeof err.code === 'number' ? err.code : -1) : 0, stdout, stderr });
      },
    );
    if (input !== undefined) child.stdin!.end(input);
  });
}

function docker(version: '1.18' | '1.22', ...args: string[]): Promise<Result> {
  return run(DOCKER, args, { DOCKER_HOST: `unix://${t.socketPath}`, DOCKER_API_VERSION: version, DOCKER_BUILDKIT: '0' });
}

function writeContext(name: string, files: Record<string, string>): string {
  const dir = path.join(work, name);
  for (const [file, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.writeFileSync(path.join(dir, file), text);
  }
  return dir;
}

describe.skipIf(!hasDocker)('docker CLI, API 1.22', () => {
  const d = (...args: string[]) => docker('1.22', ...args);

  it('run --rm busybox echo hi pulls busybox on the 404 and runs it', async () => {
    const r = await d('run', '--rm', 'busybox', 'echo', 'hi');
    expect(r).toMatchObject({ code: 0, stdout: 'hi\n' });
    expect(r.stderr).toContain("Unable to find image 'busybox:latest' locally");
    expect(r.stderr).toMatch(/Digest: sha256:[0-9a-f]{64}\nStatus: Downloaded newer image for busybox:latest/);
  });

  it('import names the image and images lists it', async () => {
    const r = await d('import', 'rootfs.tar', 'imported:v1');
    expect(r.code).toBe(0);
    expect(r.stdout).toMatch(/^sha256:[0-9a-f]{64}\n$/);
    expect((await d('images', '--format', '{{.Repository}}:{{.Tag}} {{.ID}}', 'imported')).stdout).toBe(`imported:v1 ${r.stdout.slice(7, 19)}\n`);
  });

  it('tag and rmi: untag while another tag remains, then delete (Untagged and Deleted answer the image identifier)', async () => {
    const id = (await d('inspect', '-f', '{{.Id}}', 'imported:v1')).stdout.trim();
    expect((await d('tag', 'imported:v1', 'imported:v2')).code).toBe(0);
    expect((await d('rmi', 'imported:v2')).stdout).toBe(`Untagged: ${id}\n`);
    await d('tag', 'imported:v1', 'gone:1');
    await d('rmi', 'imported:v1');
    const rmi = await d('rmi', 'gone:1');
    expect(rmi.stdout).toBe(`Untagged: ${id}\nDeleted: ${id}\n`);
  });

  it('build (classic builder) with -t and --build-arg, then run the result', async () => {
    const dir = writeContext('ctx22', {
      Dockerfile: 'FROM busybox\nARG WHO=me\nRUN echo "hi $WHO" > /greet\nCOPY data.txt /data/\nWORKDIR /data\nCMD ["cat", "/greet"]\n',
      'data.txt': 'data\n',
    });
    const b = await d('build', '-t', 'built:22', '--build-arg', 'WHO=you', dir);
    expect(b.code).toBe(0);
    expect(b.stdout).toMatch(/Step 1 : FROM busybox\n ---> [0-9a-f]{12}\n/);
    expect(b.stdout).toMatch(/Successfully built [0-9a-f]{12}\n/);
    expect((await d('run', '--rm', 'built:22')).stdout).toBe('hi you\n');
    expect((await d('run', '--rm', 'built:22', 'cat', '/data/data.txt')).stdout).toBe('data\n');
  });

  it("build --pull shows the base image's pull between the FROM step's lines", async () => {
    const dir = writeContext('ctxpull', { Dockerfile: 'FROM busybox\nLABEL pulled=1\n' });
    const b = await d('build', '--pull', '-t', 'pulled:22', dir);
    expect(b.code).toBe(0);
    const pull = b.stdout.slice(b.stdout.indexOf('Step 1 : FROM busybox\n'), b.stdout.indexOf('Step 2 :'));
    expect(pull).toMatch(/^Step 1 : FROM busybox\nlatest: Pulling from library\/busybox\n/);
    expect(pull).toMatch(/\nStatus: (?:Downloaded newer image|Image is up to date) for busybox:latest\n ---> [0-9a-f]{12}\n$/);
    expect(b.stdout).toMatch(/Successfully built [0-9a-f]{12}\n/);
  });

  it('build reports a failing RUN as an error', async () => {
    const dir = writeContext('ctxfail', { Dockerfile: 'FROM busybox\nRUN exit 4\n' });
    const b = await d('build', dir);
    expect(b.code).not.toBe(0);
    expect(b.stderr).toContain("The command '/bin/sh -c exit 4' returned a non-zero code: 4");
  });

  it('commit with a change, and history shows it', async () => {
    expect((await d('run', '--name', 'tocommit', 'busybox', 'sh', '-c', 'echo made > /made')).code).toBe(0);
    const c = await d('commit', '-m', 'a note', '-c', 'CMD ["cat", "/made"]', 'tocommit', 'committed:v1');
    expect(c.stdout).toMatch(/^sha256:[0-9a-f]{64}\n$/);
    expect((await d('run', '--rm', 'committed:v1')).stdout).toBe('made\n');
    const h = await d('history', '--format', '{{.Comment}}|{{.CreatedBy}}', 'committed:v1');
    expect(h.stdout.split('\n')[0]).toBe('a note|sh -c echo made > /made');
  });

  it('save, rmi, load gives back the same image', async () => {
    const id = (await d('inspect', '-f', '{{.Id}}', 'committed:v1')).stdout.trim();
    expect((await d('save', '-o', 'saved.tar', 'committed:v1')).code).toBe(0);
    await d('rm', 'tocommit');
    expect((await d('rmi', 'committed:v1')).code).toBe(0);
    const load = await d('load', '-i', 'saved.tar');
    expect(load.stdout).toBe('Loaded image: committed:v1\n');
    expect((await d('inspect', '-f', '{{.Id}}', 'committed:v1')).stdout.trim()).toBe(id);
  });

  it('push to the in-memory registry, remove, pull back', async () => {
    await d('tag', 'busybox', '127.0.0.1:5000/mine:v1');
    // The in-memory registry refuses anonymous clients: log in first (the CLI then sends X-Registry-Auth).
    expect((await d('login', '127.0.0.1:5000', '-u', 'conformance', '-p', 'conformance')).code).toBe(0);
    const push = await d('push', '127.0.0.1:5000/mine:v1');
    expect(push.code).toBe(0);
    expect(push.stdout).toMatch(/v1: digest: sha256:[0-9a-f]{64} size: \d+/);
    await d('rmi', '127.0.0.1:5000/mine:v1');
    const pull = await d('pull', '127.0.0.1:5000/mine:v1');
    expect(pull.code).toBe(0);
    expect(pull.stdout).toContain('Status: Downloaded newer image for 127.0.0.1:5000/mine:v1');
  });

  it('pull of an unknown repository fails with the daemon message', async () => {
    const r = await d('pull', 'nosuchrepo');
    expect(r.code).not.toBe(0);
    expect(r.stderr).toContain('pull access denied for nosuchrepo');
  });
});

describe.skipIf(!hasDocker)('docker CLI, API 1.18', () => {
  const d = (...args: string[]) => docker('1.18', ...args);

  it('pull, import, tag/rmi, history, build', async () => {
    expect((await d('pull', 'busybox')).code).toBe(0);
    expect((await d('import', 'rootfs.tar', 'imp18:v1')).code).toBe(0);
    expect((await d('tag', 'imp18:v1', 'imp18:v2')).code).toBe(0);
    expect((await d('rmi', 'imp18:v2')).stdout).toMatch(/^Untagged: sha256:[0-9a-f]{64}\n$/);
    const history = await d('history', '--format', '{{.ID}} {{.CreatedBy}}', 'busybox');
    expect(history.stdout).toMatch(/^[0-9a-f]{12} \/bin\/sh -c #\(nop\) CMD \["sh"\]\n/);
    const dir = writeContext('ctx18', { Dockerfile: 'FROM busybox\nRUN echo built18\n' });
    const b = await d('build', '-t', 'b18', dir);
    expect(b.stdout).toContain('built18\n');
    expect(b.stdout).toMatch(/Successfully built [0-9a-f]{12}/);
  });
});

describe.skipIf(!hasDockerPy)('docker-py 5.0.3, API 1.22', () => {
  it('imports a rootfs and lists it', async () => {
    const script = `
import docker, json
c = docker.APIClient(base_url='unix://${t.socketPath}', version='1.22')
data = open('rootfs.tar', 'rb').read()
out = c.import_image_from_data(data, repository='pyimported', tag='t1')
last = [json.loads(l) for l in out.strip().split('\\n')][-1]
images = [i for i in c.images() if 'pyimported:t1' in (i['RepoTags'] or [])]
print(json.dumps({'status': last['status'], 'ids': [i['Id'] for i in images], 'tags': c.inspect_image('pyimported:t1')['RepoTags']}))
`;
    const r = await run(PYTHON, ['-c', script], {});
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout);
    expect(out.status).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(out.ids).toEqual([out.status]);
    expect(out.tags).toEqual(['pyimported:t1']);
  });

  it("builds FROM an image it has to pull: the decoded stream holds the pull's progress objects", async () => {
    const script = `
import docker, io, json
c = docker.APIClient(base_url='unix://${t.socketPath}', version='1.22')
c.import_image_from_data(open('rootfs.tar', 'rb').read(), repository='pypullbase', tag='t1')
c.push('pypullbase', tag='t1')
c.remove_image(c.inspect_image('pypullbase:t1')['Id'], force=True)
out = list(c.build(fileobj=io.BytesIO(b'FROM pypullbase:t1\\nLABEL x=y\\n'), tag='pypulled', pull=True, decode=True))
print(json.dumps(out))
`;
    const r = await run(PYTHON, ['-c', script], {});
    expect(r.stderr).toBe('');
    const out = JSON.parse(r.stdout) as Array<Record<string, any>>;
    const downloading = out.find((o) => o.status === 'Downloading');
    expect(downloading).toMatchObject({ progressDetail: { current: expect.any(Number), total: expect.any(Number) }, progress: expect.any(String) });
    expect(out.at(-1)!.stream).toMatch(/^Successfully built [0-9a-f]{12}\n$/);
  });
});
