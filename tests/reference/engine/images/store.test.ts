import { describe, expect, it } from 'vitest';
import { ImageStore, makeImage } from '../../../../reference/engine/images/store.ts';
import type { Image } from '../../../../reference/engine/images/store.ts';
import { parseRef } from '../../../../reference/engine/images/reference.ts';
import { emptyLayer } from '../../../../reference/engine/fs/filesystem.ts';

function image(comment: string, parent = ''): Image {
  const created = new Date('2020-01-01T00:00:00Z');
  return makeImage({
    parent,
    created,
    author: '',
    comment,
    config: {},
    containerConfig: {},
    layers: [emptyLayer('sha256:' + '1'.repeat(64))],
    history: [{ created, createdBy: comment, comment: '', size: 0 }],
  });
}

describe('image ids', () => {
  it('are sha256 digests of the content, equal for equal content', () => {
    expect(image('a').id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(image('a').id).toBe(image('a').id);
    expect(image('a').id).not.toBe(image('b').id);
  });
});

describe('references', () => {
  it('parse names, tags, digests and registry hosts', () => {
    expect(parseRef('busybox')).toEqual({ repo: 'busybox', tag: undefined, digest: undefined });
    expect(parseRef('docker.io/library/busybox:1.0')).toMatchObject({ repo: 'busybox', tag: '1.0' });
    expect(parseRef('127.0.0.1:5000/team/app:v2')).toMatchObject({ repo: '127.0.0.1:5000/team/app', tag: 'v2' });
    expect(parseRef(`app@sha256:${'a'.repeat(64)}`)).toMatchObject({ repo: 'app', digest: `sha256:${'a'.repeat(64)}` });
    expect(parseRef('Upper')).toBeUndefined();
    expect(parseRef('a:b:c')).toBeUndefined();
  });
});

describe('ImageStore.resolve', () => {
  const store = new ImageStore();
  const a = image('a');
  const b = image('b');
  store.add(a, ['app:1', 'app']);
  store.add(b, ['other:latest']);
  store.addDigest(b.id, 'other', `sha256:${'d'.repeat(64)}`);

  it('finds full ids, short ids, name (default latest), name:tag and name@digest', () => {
    expect(store.resolve(a.id)).toBe(a);
    expect(store.resolve(a.id.slice(7, 19))).toBe(a);
    expect(store.resolve(`sha256:${a.id.slice(7, 17)}`)).toBe(a);
    expect(store.resolve('app')).toBe(a);
    expect(store.resolve('app:1')).toBe(a);
    expect(store.resolve('docker.io/library/other')).toBe(b);
    expect(store.resolve(`other@sha256:${'d'.repeat(64)}`)).toBe(b);
    expect(store.resolve('app:2')).toBeUndefined();
    expect(store.resolve('nothing')).toBeUndefined();
  });

  it('moves a tag from one image to another', () => {
    store.tag(b.id, 'app:1');
    expect(store.resolve('app:1')).toBe(b);
    expect(a.repoTags).toEqual(['app:latest']);
  });

  it('is seeded with a busybox registry image whose /bin holds the programs', () => {
    const [entry] = new ImageStore().registry.pull('busybox', 'latest');
    const paths = [...entry!.image.layers[0]!.entries.keys()];
    expect(paths).toEqual(expect.arrayContaining(['/bin/busybox', '/bin/sh', '/bin/echo', '/bin/cat', '/bin/sleep']));
    expect(entry!.digest).toMatch(/^sha256:[0-9a-f]{64}$/);
  });
});
