import { describe, expect, test } from 'vitest';
import { ENGINE_VERSIONS, duplicates, endpoints, responseVersions } from './engine-catalog.ts';

/** The shared contract's table: number, id, method and path; '1.22' marks the 1.22-only entries. */
const CONTRACT = `
1 engine/containers/list GET /containers/json
2 engine/containers/create POST /containers/create
3 engine/containers/inspect GET /containers/{id}/json
4 engine/containers/top GET /containers/{id}/top
5 engine/containers/logs GET /containers/{id}/logs
6 engine/containers/changes GET /containers/{id}/changes
7 engine/containers/export GET /containers/{id}/export
8 engine/containers/stats GET /containers/{id}/stats
9 engine/containers/resize POST /containers/{id}/resize
10 engine/containers/start POST /containers/{id}/start
11 engine/containers/stop POST /containers/{id}/stop
12 engine/containers/restart POST /containers/{id}/restart
13 engine/containers/kill POST /containers/{id}/kill
14 engine/containers/update POST /containers/{id}/update 1.22
15 engine/containers/rename POST /containers/{id}/rename
16 engine/containers/pause POST /containers/{id}/pause
16 engine/containers/unpause POST /containers/{id}/unpause
17 engine/containers/attach POST /containers/{id}/attach
18 engine/containers/attach-ws GET /containers/{id}/attach/ws
19 engine/containers/wait POST /containers/{id}/wait
20 engine/containers/delete DELETE /containers/{id}
21 engine/containers/copy POST /containers/{id}/copy
22 engine/containers/archive-head HEAD /containers/{id}/archive 1.22
23 engine/containers/archive-get GET /containers/{id}/archive 1.22
24 engine/containers/archive-put PUT /containers/{id}/archive 1.22
25 engine/images/list GET /images/json
26 engine/images/build POST /build
27 engine/images/create POST /images/create
28 engine/images/inspect GET /images/{name}/json
29 engine/images/history GET /images/{name}/history
30 engine/images/push POST /images/{name}/push
31 engine/images/tag POST /images/{name}/tag
32 engine/images/delete DELETE /images/{name}
33 engine/images/search GET /images/search
34 engine/images/get GET /images/{name}/get
35 engine/images/get-many GET /images/get
36 engine/images/load POST /images/load
37 engine/images/commit POST /commit
38 engine/exec/create POST /containers/{id}/exec
39 engine/exec/start POST /exec/{id}/start
40 engine/exec/resize POST /exec/{id}/resize
41 engine/exec/inspect GET /exec/{id}/json
42 engine/system/auth POST /auth
43 engine/system/info GET /info
44 engine/system/version GET /version
45 engine/system/ping GET /_ping
46 engine/system/events GET /events
47 engine/volumes/list GET /volumes 1.22
48 engine/volumes/create POST /volumes/create 1.22
49 engine/volumes/inspect GET /volumes/{name} 1.22
50 engine/volumes/delete DELETE /volumes/{name} 1.22
51 engine/networks/list GET /networks 1.22
52 engine/networks/inspect GET /networks/{id} 1.22
53 engine/networks/create POST /networks/create 1.22
54 engine/networks/connect POST /networks/{id}/connect 1.22
55 engine/networks/disconnect POST /networks/{id}/disconnect 1.22
56 engine/networks/delete DELETE /networks/{id} 1.22
`
  .trim()
  .split('\n')
  .map((line) => {
    const [number, id, method, path, only] = line.split(' ');
    return { id, number: Number(number), method, path, versions: only ? ['1.22'] : [...ENGINE_VERSIONS] };
  });

const RAW_STREAM = 'application/vnd.vendor.raw-stream';

describe('engine endpoint catalog', () => {
  test("holds exactly the contract's 57 entries, with their numbers, methods, paths and versions", () => {
    const byId = (a: { id: string }, b: { id: string }): number => a.id.localeCompare(b.id);
    const actual = endpoints.map(({ id, number, method, path, versions }) => ({ id, number, method, path, versions }));
    expect(actual.sort(byId)).toEqual([...CONTRACT].sort(byId));
  });

  test('ids and method+path pairs are unique', () => {
    expect(duplicates(endpoints.map((e) => e.id))).toEqual([]);
    expect(duplicates(endpoints.map((e) => `${e.method} ${e.path}`))).toEqual([]);
  });

  test.each([
    ['1.18', 42],
    ['1.22', 56],
  ])('%s has %i distinct endpoint numbers', (version, count) => {
    const numbers = new Set(endpoints.filter((e) => e.versions.includes(version)).map((e) => e.number));
    expect(numbers.size).toBe(count);
  });

  test("sections name the spec's endpoint group", () => {
    const groups = new Map([
      ['containers', 'Endpoints > Containers'],
      ['images', 'Endpoints > Images'],
      ['exec', 'Endpoints > Exec'],
      ['system', 'Endpoints > System'],
      ['volumes', 'Endpoints > Volumes (1.22)'],
      ['networks', 'Endpoints > Networks (1.22)'],
    ]);
    for (const e of endpoints) expect(e.section, e.id).toBe(groups.get(e.id.split('/')[1] ?? ''));
  });

  test('identifiers are written in the neutral spelling (the profile respells them)', () => {
    expect(JSON.stringify(endpoints)).not.toMatch(/docker/i);
  });

  test('status codes, query names and version markers are consistent within each endpoint', () => {
    for (const e of endpoints) {
      expect(duplicates(e.responses.map((r) => String(r.status))), e.id).toEqual([]);
      expect(duplicates(e.query.map((q) => q.name)), e.id).toEqual([]);
      const marked = [...e.responses.map((r) => responseVersions(e, r)), ...e.query.map((q) => q.versions ?? e.versions)];
      for (const versions of marked) expect(e.versions, e.id).toEqual(expect.arrayContaining(versions));
    }
  });

  test('the JSON-object streams of the spec are marked jsonStream on their 200', () => {
    const streaming = endpoints
      .filter((e) => e.responses.some((r) => r.jsonStream))
      .map((e) => e.id)
      .sort();
    expect(streaming).toEqual(['engine/containers/stats', 'engine/images/build', 'engine/images/create', 'engine/images/push', 'engine/system/events']);
  });

  test('every hijacked stream answers 101 with the raw-stream content type', () => {
    const upgraded = endpoints.filter((e) => e.responses.some((r) => r.status === 101));
    expect(upgraded.map((e) => e.id).sort()).toEqual(['engine/containers/attach', 'engine/containers/logs', 'engine/exec/start']);
    for (const e of upgraded) expect(e.responses.find((r) => r.status === 101)?.contentType, e.id).toBe(RAW_STREAM);
  });

  test('the codes that exist only in 1.22 carry that marker', () => {
    const only122 = endpoints.flatMap((e) =>
      e.responses.filter((r) => r.versions?.join() === '1.22' && e.versions.length === 2).map((r) => `${e.id} ${r.status}`),
    );
    expect(only122.sort()).toEqual([
      'engine/containers/attach 409',
      'engine/exec/create 409',
      'engine/exec/create 500',
      'engine/exec/start 409',
      'engine/exec/start 500',
    ]);
  });
});
