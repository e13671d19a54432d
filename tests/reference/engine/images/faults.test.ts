/** Each image fault breaks its one rule (and the rule holds without it: see routes/build tests). */
import { describe, expect, it } from 'vitest';
import { call, jsonLines, tarOf, TAR, useServer } from './http.ts';
import { createContainer } from '../helpers.ts';
import { ENGINE_FAULTS } from '../../../../reference/engine/faults.ts';

const IMAGE_FAULTS = [
  'tag-returns-200',
  'tag-conflict-201',
  'image-delete-in-use-200',
  'pull-missing-200',
  'import-no-progress',
  'build-error-no-errorDetail',
  'history-1.22-no-Tags',
  'list-1.18-has-Labels',
  'images-dangling-filter-ignored',
  'images-list-created-iso',
  'search-wrong-keys',
  'save-no-repositories',
];
const server = useServer(IMAGE_FAULTS);

describe('image faults', () => {
  it('are all registered', () => {
    expect(ENGINE_FAULTS.map((f) => f.name)).toEqual(expect.arrayContaining(IMAGE_FAULTS));
  });

  it('tag-returns-200 and tag-conflict-201', async () => {
    await call(server(), 'POST', '/v1.22/images/create?fromImage=busybox&tag=latest');
    expect((await call(server(), 'POST', '/v1.22/images/busybox/tag?repo=a&tag=1')).status).toBe(200);
    await call(server(), 'POST', '/v1.22/images/create?fromSrc=-&repo=other:1', await tarOf({ x: 'x' }), TAR);
    expect((await call(server(), 'POST', '/v1.22/images/other:1/tag?repo=a&tag=1')).status).toBe(200);
  });

  it('image-delete-in-use-200', async () => {
    await call(server(), 'POST', '/v1.22/images/busybox/tag?repo=inuse');
    await createContainer(server().socketPath, { Image: 'inuse', Cmd: ['sh'] });
    await call(server(), 'DELETE', '/v1.22/images/busybox');
    await call(server(), 'DELETE', '/v1.22/images/a:1');
    expect((await call(server(), 'DELETE', '/v1.22/images/inuse')).status).toBe(200);
  });

  it('pull-missing-200 and import-no-progress', async () => {
    const pull = await call(server(), 'POST', '/v1.22/images/create?fromImage=nosuch&tag=latest');
    expect(pull.status).toBe(200);
    expect(jsonLines(pull)[0]).toHaveProperty('error');
    const imp = jsonLines(await call(server(), 'POST', '/v1.22/images/create?fromSrc=-', await tarOf({ x: 'x' }), TAR));
    expect(imp).toHaveLength(0);
  });

  it('build-error-no-errorDetail', async () => {
    const lines = jsonLines(await call(server(), 'POST', '/v1.22/build', await tarOf({ Dockerfile: 'BOGUS\n' }), TAR));
    expect(lines).toEqual([{ error: 'Unknown instruction: BOGUS' }]);
  });

  it('history-1.22-no-Tags, list-1.18-has-Labels, images-list-created-iso', async () => {
    await call(server(), 'POST', '/v1.22/images/create?fromImage=busybox&tag=latest');
    expect((await call(server(), 'GET', '/v1.22/images/busybox/history')).json()[0]).not.toHaveProperty('Tags');
    const list = (await call(server(), 'GET', '/v1.18/images/json')).json();
    expect(list[0]).toHaveProperty('Labels');
    expect(typeof list[0].Created).toBe('string');
  });

  it('images-dangling-filter-ignored, search-wrong-keys, save-no-repositories', async () => {
    const dangling = (await call(server(), 'GET', `/v1.22/images/json?filters=${encodeURIComponent('{"dangling":["true"]}')}`)).json();
    expect(dangling.some((i: any) => i.RepoTags.includes('busybox:latest'))).toBe(true);
    expect((await call(server(), 'GET', '/v1.22/images/search?term=busy')).json()[0]).toHaveProperty('StarCount');
    const tar = await call(server(), 'GET', '/v1.22/images/busybox:latest/get');
    expect(tar.body.includes(Buffer.from('repositories'))).toBe(false);
  });
});
