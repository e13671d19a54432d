import { describe, expect, test } from 'vitest';
import type { HttpTransport, RequestOptions } from '../../harness/target/http-transport.ts';
import { makeResponse } from '../../harness/target/http-transport.ts';
import { Transcript } from '../../harness/target/transcript.ts';
import { respellBooleans } from '../../harness/protocol/booleans.ts';
import { EngineApi } from '../../suites/engine/support/api.ts';

/** An EngineApi whose transport records the requests as they go out. */
function recordingApi(): { api: EngineApi; sent: RequestOptions[] } {
  const sent: RequestOptions[] = [];
  const transport = {
    request: async (opts: RequestOptions) => {
      sent.push(opts);
      return makeResponse(200, {}, Buffer.from('[]'), 0, 'test');
    },
  } as unknown as HttpTransport;
  const api = new EngineApi(transport, '1.22', new Transcript());
  api.respell = (_method, path) => respellBooleans(path, ['all'], 'lower', { all: false });
  return { api, sent };
}

describe('EngineApi under a respell (boolean spelling siblings)', () => {
  test('a request goes out respelled, the stated default added where it is left out', async () => {
    const { api, sent } = recordingApi();
    await api.get('/images/json', { all: true });
    await api.get('/images/json');
    expect(sent.map((s) => s.path)).toEqual(['/v1.22/images/json?all=true', '/v1.22/images/json?all=false']);
  });

  test('a request asked asWritten goes out as written: its query kept apart, nothing added', async () => {
    const { api, sent } = recordingApi();
    await api.get('/images/json', undefined, { asWritten: true });
    await api.get('/images/json', { all: true }, { asWritten: true });
    expect(sent.map((s) => [s.path, s.query])).toEqual([
      ['/v1.22/images/json', undefined],
      ['/v1.22/images/json', { all: true }],
    ]);
    expect(sent.every((s) => !('asWritten' in s))).toBe(true);
  });
});
