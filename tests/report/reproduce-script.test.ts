/**
 * The curl script of a reproduction, built from a recorded transcript: ids the target made up are
 * read from the script's own answers, the run's credentials come from variables, what the report
 * does not hold is said, and the script is valid POSIX sh.
 */
import { describe, expect, test } from 'vitest';
import type { TranscriptEntry } from '../../harness/check/outcome.ts';
import { capturesOf } from '../../harness/report/reproduce/captures.ts';
import type { ReproContext } from '../../harness/report/reproduce/context.ts';
import { reproduceScript } from '../../harness/report/reproduce/script.ts';
import { quote, word } from '../../harness/report/reproduce/shell-quote.ts';
import { printfFormat, shownBytes } from '../../harness/report/reproduce/shown-bytes.ts';
import { showBytes } from '../../harness/target/transcript.ts';
import fc from 'fast-check';
import { runProcess } from '../support/run-cli.ts';

const ID = 'a'.repeat(40) + '0123456789abcdefabcdef00';
const UUID = '16abaef5-e417-4997-9d33-cdc417d9b942';

const http = (method: string, path: string, status: number): TranscriptEntry => ({
  kind: 'http',
  request: { method, path, headers: {} },
  response: { status, headers: {} },
});

const ctx = (over: Partial<ReproContext> = {}): ReproContext => ({
  target: 'unix:///var/run/docker.sock',
  scriptTarget: 'unix:///var/run/docker.sock',
  runId: 'r1d2e3',
  seed: 7,
  faults: [],
  vendorProfile: 'docker',
  timeoutMs: 10_000,
  auth: false,
  auth2: false,
  registryAuth: false,
  ...over,
});

const ENGINE: TranscriptEntry[] = [
  {
    kind: 'http',
    request: {
      method: 'POST',
      path: '/v1.22/containers/create?name=conformance-r1d2e3-c-1',
      headers: { 'content-type': 'application/json' },
      body: '{"Image":"conformance-r1d2e3-fixture:latest","Cmd":["echo","it\'s"]}',
    },
    response: { status: 201, headers: {}, body: `{"Id":"${ID}","Warnings":[]}` },
  },
  http('POST', `/v1.22/containers/${ID}/start`, 204),
  http('GET', `/v1.22/containers/${ID.slice(0, 12)}/json`, 200),
  { kind: 'hijack', request: { method: 'POST', path: `/v1.22/containers/${ID}/attach?stream=1`, headers: {} }, response: { status: 101, headers: {} } },
  { kind: 'websocket', request: { method: 'GET', path: `/v1.22/containers/${ID}/attach/ws`, headers: {} }, error: 'timed out' },
];

describe('the script of a reproduction', () => {
  test('engine: the id is read from the create answer and used in full and short form; the fixture is imported first', async () => {
    expect(capturesOf(ENGINE)).toEqual([{ variable: 'ID1', token: ID, exchange: 0, source: { body: ['Id'] }, short: 'ID1_SHORT' }]);
    const script = reproduceScript(ctx(), 'engine-1.22', 'a check', ENGINE);
    expect(script).toContain('TARGET=${CONFORMANCE_TARGET:-unix:///var/run/docker.sock}');
    expect(script).toContain('repo=conformance-r1d2e3-fixture&tag=latest');
    expect(script).toContain(`'{"Image":"conformance-r1d2e3-fixture:latest","Cmd":["echo","it'\\''s"]}'`);
    expect(script).toContain('ID1=$(pick 1 body Id)\nID1_SHORT=$(printf %.12s "$ID1")');
    expect(script).toContain('call 2 204 POST /v1.22/containers/"${ID1}"/start');
    expect(script).toContain('call 3 200 GET /v1.22/containers/"${ID1_SHORT}"/json');
    expect(script).toContain('# a hijacked stream: the request is replayed');
    expect(script).toContain('# a WebSocket exchange: curl does not speak it; not replayed');
    expect(script).toContain('conformance.run%3Dr1d2e3');
    expect((await runProcess('sh', ['-n', '-c', script])).status).toBe(0);
  });

  test('cloud: the run users come from their variables, a uuid from an answer header, other secrets are named as missing', async () => {
    const transcript: TranscriptEntry[] = [
      {
        kind: 'http',
        request: { method: 'POST', path: '/api/app/v1/service/', headers: { authorization: '[redacted: --auth2]' }, body: '{"name":"conformance-r1d2e3-s"}' },
        response: { status: 202, headers: { 'x-vendor-action-uri': `/api/audit/v1/action/${UUID}/` }, body: '{}' },
      },
      {
        kind: 'http',
        request: { method: 'GET', path: `/api/audit/v1/action/${UUID}/`, headers: { authorization: '[redacted: --auth]' } },
        response: { status: 200, headers: {} },
      },
      {
        kind: 'http',
        request: { method: 'GET', path: '/api/app/v1/service/', headers: { authorization: '[redacted]' } },
        response: { status: 401, headers: {} },
      },
    ];
    const script = reproduceScript(ctx({ target: 'embedded', scriptTarget: undefined, auth: false, namespace: 'org' }), 'cloud', 'a check', transcript);
    expect(script).toContain('CONFORMANCE_AUTH=${CONFORMANCE_AUTH:-conformance:conformance}');
    expect(script).toContain('TARGET=${CONFORMANCE_TARGET:?');
    expect(script).toContain(`-u "$CONFORMANCE_AUTH2" -H 'content-type:' --data-binary`);
    expect(script).toContain('ID1=$(pick 1 header x-vendor-action-uri)');
    expect(script).toContain('call 2 200 GET /api/audit/v1/action/"${ID1}"/ -H \'Expect:\' -u "$CONFORMANCE_AUTH"');
    expect(script).toContain('set CONFORMANCE_HEADER_AUTHORIZATION');
    expect(script).toContain('/api/app/v1/org/service/');
    expect(script).not.toContain('fixture');
    expect((await runProcess('sh', ['-n', '-c', script])).status).toBe(0);
  });

  test('an id is read from the latest answer before its use, one naming it outside a list first', () => {
    const uri = `/api/app/v1/container/${UUID}/`;
    const answer = (method: string, path: string, body: unknown): TranscriptEntry => ({
      kind: 'http',
      request: { method, path, headers: {} },
      response: { status: 200, headers: {}, body: JSON.stringify(body) },
    });
    const transcript = [
      answer('POST', '/api/app/v1/service/x/start/', { containers: [uri] }),
      answer('GET', '/api/app/v1/service/x/', { containers: [uri] }),
      answer('GET', '/api/app/v1/container/', { objects: [{ uuid: UUID }] }),
      answer('GET', uri, {}),
    ];
    expect(capturesOf(transcript)).toEqual([{ variable: 'ID1', token: UUID, exchange: 2, source: { body: ['objects', 0, 'uuid'] } }]);
    const single = [...transcript.slice(0, 2), answer('GET', '/api/app/v1/service/x/', { container: uri }), transcript[2]!, transcript[3]!];
    expect(capturesOf(single)[0]).toMatchObject({ exchange: 2, source: { body: ['container'] } });
  });

  test('shell words: literal text is single-quoted, variables double-quoted', () => {
    expect(quote('/v1.22/containers/json')).toBe('/v1.22/containers/json');
    expect(quote("a b'c$d")).toBe(`'a b'\\''c$d'`);
    expect(word(['/x/', { variable: 'ID1' }, '?a=1&b'])).toBe(`/x/"\${ID1}"'?a=1&b'`);
    expect(word([])).toBe("''");
  });

  test('a body shown with escapes is sent byte for byte: showBytes undone, printf of its octal escapes', async () => {
    // A backslash byte is shown as itself: one followed by x and two hex digits would read as an escape.
    const binary = fc.uint8Array({ minLength: 1, maxLength: 4096 }).filter((b) => b.includes(0) && !b.includes(0x5c));
    fc.assert(
      fc.property(binary, (b) => {
        expect(shownBytes(showBytes(Buffer.from(b))!)).toEqual({ bytes: Buffer.from(b), cut: 0 });
      }),
    );
    const cut = showBytes(Buffer.alloc(5000, 1))!;
    expect(shownBytes(cut).cut).toBe(5000 - 4096);
    const bytes = Buffer.from([0x2d, 0, 0x25, 0x27, 0x5c, 0x41, 0xff, 0x0a]);
    const printed = await runProcess('sh', ['-c', `printf ${printfFormat(bytes)} | od -An -tx1`]);
    expect(printed.stdout.trim().split(/\s+/)).toEqual(['2d', '00', '25', '27', '5c', '41', 'ff', '0a']);
  });
});
