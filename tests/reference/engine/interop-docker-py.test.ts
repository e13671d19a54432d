/** Interop with docker-py 5.0.3 (APIClient, API 1.22): create/start/wait/logs/remove, attach and exec. */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './helpers.ts';

const PYTHON = '/usr/bin/python3';
const SCRIPT = `
import docker, json, sys
c = docker.APIClient(base_url=sys.argv[1], version='1.22')
out = {}
ct = c.create_container('fixture', command=['sh', '-c', 'echo out; echo err >&2; exit 7'], name='pyflow', labels={'k': 'v'})
c.start(ct)
out['wait'] = c.wait(ct)
out['stdout'] = c.logs(ct, stdout=True, stderr=False).decode()
out['stderr'] = c.logs(ct, stdout=False, stderr=True).decode()
out['state'] = c.inspect_container(ct)['State']
out['listed'] = [x['Names'] for x in c.containers(all=True, filters={'label': 'k=v'})]
c.remove_container(ct)
out['after_remove'] = len(c.containers(all=True, filters={'name': 'pyflow'}))
ct2 = c.create_container('fixture', command=['sh', '-c', 'sleep 0.2; echo a; echo b'])
stream = c.attach(ct2, stream=True, logs=True)
c.start(ct2)
out['attach'] = b''.join(stream).decode()
ct3 = c.create_container('fixture', command=['sleep', '100'])
c.start(ct3)
ex = c.exec_create(ct3, ['sh', '-c', 'echo from-exec; exit 2'])
out['exec_output'] = c.exec_start(ex).decode()
out['exec_exit'] = c.exec_inspect(ex)['ExitCode']
c.remove_container(ct3, force=True)
out['version'] = c.version()['ApiVersion']
print(json.dumps(out))
`;

const hasPython = fs.existsSync(PYTHON);
let t: TestServer;
beforeAll(async () => {
  if (hasPython) t = await startTestServer();
});
afterAll(async () => {
  if (hasPython) await t.close();
});

describe.skipIf(!hasPython)('docker-py interop (API 1.22)', () => {
  // exec_start reads frames from the raw socket under a buffered reader: the reference must not
  // send output in the same read as the response head (see reference/engine/streams/spawn-delay.ts).
  it('runs a create/start/wait/logs/remove flow, attach and exec', async () => {
    const { stdout, stderr, code } = await new Promise<{ stdout: string; stderr: string; code: number }>((resolve) =>
      execFile(PYTHON, ['-c', SCRIPT, `unix://${t.socketPath}`], { timeout: 30_000 }, (err, stdout, stderr) => resolve({ stdout, stderr, code: err ? 1 : 0 })),
    );
    if (/No module named 'docker'/.test(stderr)) return; // docker-py not installed
    expect(stderr).toBe('');
    expect(code).toBe(0);
    const out = JSON.parse(stdout);
    expect(out.wait).toEqual({ StatusCode: 7 });
    expect(out.stdout).toBe('out\n');
    expect(out.stderr).toBe('err\n');
    expect(out.state).toMatchObject({ Status: 'exited', ExitCode: 7, Running: false });
    expect(out.listed).toEqual([['/pyflow']]);
    expect(out.after_remove).toBe(0);
    expect(out.attach).toBe('a\nb\n');
    expect(out.exec_output).toBe('from-exec\n');
    expect(out.exec_exit).toBe(2);
    expect(out.version).toBe('1.22');
  });
});
