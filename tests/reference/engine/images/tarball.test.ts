import { describe, expect, it } from 'vitest';
import { loadImages, saveImages } from '../../../../reference/engine/images/tarball.ts';
import { busyboxImage } from '../../../../reference/engine/images/busybox.ts';
import { makeImage } from '../../../../reference/engine/images/image.ts';
import { readTar, writeTar } from '../../../../reference/engine/fs/tar-io.ts';
import { ContainerFs } from '../../../../reference/engine/fs/filesystem.ts';

async function files(tar: Buffer): Promise<Map<string, Buffer>> {
  return new Map((await readTar(tar)).map((e) => [e.header.name, e.data]));
}

describe('image tarball (save)', () => {
  it('has one directory per layer with VERSION 1.0, json and layer.tar, plus repositories and manifest.json', async () => {
    const image = busyboxImage();
    const f = await files(await saveImages([{ image, tags: ['busybox:latest'] }]));
    const layerDirs = [...f.keys()].filter((n) => n.endsWith('/VERSION')).map((n) => n.slice(0, -8));
    expect(layerDirs).toHaveLength(1);
    const id = layerDirs[0]!;
    expect(id).toMatch(/^[0-9a-f]{64}$/);
    expect(f.get(`${id}/VERSION`)!.toString()).toBe('1.0');
    expect(JSON.parse(f.get(`${id}/json`)!.toString())).toMatchObject({ id });
    expect(f.has(`${id}/layer.tar`)).toBe(true);
    expect(JSON.parse(f.get('repositories')!.toString())).toEqual({ busybox: { latest: id } });
    expect(JSON.parse(f.get('manifest.json')!.toString())).toEqual([
      { Config: `${image.id.slice(7)}.json`, RepoTags: ['busybox:latest'], Layers: [`${id}/layer.tar`] },
    ]);
  });

  it("writes the image's metadata into its top layer's json: config, author and comment, also when empty", async () => {
    const base = busyboxImage();
    const image = makeImage({ ...base, parent: base.id, author: 'A <a@example.test>', comment: 'c', config: { ...base.config, Tty: true } });
    const f = await files(
      await saveImages([
        { image, tags: ['x:v1'] },
        { image: base, tags: ['busybox:latest'] },
      ]),
    );
    const repositories = JSON.parse(f.get('repositories')!.toString()) as Record<string, Record<string, string>>;
    const top = (repo: string, tag: string) => JSON.parse(f.get(`${repositories[repo]![tag]}/json`)!.toString());
    expect(top('x', 'v1')).toMatchObject({ author: 'A <a@example.test>', comment: 'c', config: { Tty: true, Cmd: ['sh'] } });
    expect(top('busybox', 'latest')).toMatchObject({ author: '', comment: '' });
  });

  it('has no repositories file when only an image id was named', async () => {
    const f = await files(await saveImages([{ image: busyboxImage(), tags: [] }]));
    expect(f.has('repositories')).toBe(false);
  });
});

describe('image tarball (load)', () => {
  it('loads back what save wrote, with the same image id and tags', async () => {
    const image = busyboxImage();
    const [loaded] = await loadImages(await saveImages([{ image, tags: ['busybox:latest'] }]));
    expect(loaded!.image.id).toBe(image.id);
    expect(loaded!.tags).toEqual(['busybox:latest']);
    expect(new ContainerFs(loaded!.image.layers).stat('/bin/sh', { follow: false })).toMatchObject({ type: 'symlink', target: 'busybox' });
  });

  it('loads the spec layout without manifest.json: parent chains and the repositories file', async () => {
    const layerTar = (name: string) => writeTar([{ header: { name, type: 'file', size: 1 }, data: Buffer.from('x') }]);
    const base = 'b'.repeat(64);
    const top = 'c'.repeat(64);
    const file = (name: string, data: Buffer | string) => ({ header: { name, type: 'file' as const, size: Buffer.byteLength(data) }, data: Buffer.from(data) });
    const tar = await writeTar([
      file(`${base}/VERSION`, '1.0'),
      file(`${base}/json`, JSON.stringify({ id: base, created: '2015-01-01T00:00:00Z' })),
      file(`${base}/layer.tar`, await layerTar('base-file')),
      file(`${top}/VERSION`, '1.0'),
      file(`${top}/json`, JSON.stringify({ id: top, parent: base, created: '2015-01-02T00:00:00Z', config: { Cmd: ['sh'] } })),
      file(`${top}/layer.tar`, await layerTar('top-file')),
      file('repositories', JSON.stringify({ legacy: { v1: top } })),
    ]);
    const [loaded] = await loadImages(tar);
    expect(loaded!.tags).toEqual(['legacy:v1']);
    expect(loaded!.image.config.Cmd).toEqual(['sh']);
    expect(new ContainerFs(loaded!.image.layers).list('/')).toEqual(['base-file', 'top-file']);
  });
});
