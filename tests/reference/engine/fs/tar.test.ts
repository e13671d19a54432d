import { describe, expect, it } from 'vitest';
import { ContainerFs } from '../../../../reference/engine/fs/filesystem.ts';
import { archivePath, exportTar, extractInto, layerFromTar, layerToTar } from '../../../../reference/engine/fs/tar.ts';
import { readTar, writeTar } from '../../../../reference/engine/fs/tar-io.ts';
import { FsError } from '../../../../reference/engine/fs/errors.ts';
import { GO_MODE_DIR, GO_MODE_SYMLINK, pathStat } from '../../../../reference/engine/fs/stat.ts';

async function names(tar: Buffer): Promise<string[]> {
  return (await readTar(tar)).map((e) => e.header.name);
}

function sample(): ContainerFs {
  const fs = new ContainerFs([]);
  fs.writeFile('/etc/hostname', Buffer.from('box\n'));
  fs.writeFile('/etc/sub/deep', Buffer.from('d'), 0o600);
  fs.symlink('/link', '/etc');
  fs.writeFile('/proc/cpuinfo', Buffer.from('cpu'));
  return fs;
}

describe('layer tars', () => {
  it('round-trips files, symlinks, whiteouts and opaque directories', async () => {
    const lower = await layerFromTar(await exportTar(sample()));
    const fs = new ContainerFs([lower]);
    fs.remove('/etc/hostname');
    fs.remove('/etc/sub');
    fs.mkdirp('/etc/sub');
    fs.writeFile('/new', Buffer.from([0, 255, 1]));
    const tar = await layerToTar(fs.upper);
    expect(await names(tar)).toEqual(expect.arrayContaining(['etc/.wh.hostname', 'etc/sub/', 'etc/sub/.wh..wh..opq', 'new']));
    const again = await layerFromTar(tar);
    const view = new ContainerFs([lower, again]);
    expect(view.stat('/etc/hostname')).toBeUndefined();
    expect(view.list('/etc/sub')).toEqual([]);
    expect(view.readFile('/new')).toEqual(Buffer.from([0, 255, 1]));
    expect(view.stat('/link', { follow: false })).toMatchObject({ type: 'symlink', target: '/etc' });
    expect(view.stat('/etc/sub/deep')).toBeUndefined();
  });

  it('implies missing parent directories and gives the layer a content digest id', async () => {
    const tar = await writeTar([{ header: { name: './a/b/c', type: 'file', size: 1 }, data: Buffer.from('x') }]);
    const layer = await layerFromTar(tar);
    expect(layer.id).toMatch(/^sha256:[0-9a-f]{64}$/);
    expect(new ContainerFs([layer]).list('/a')).toEqual(['b']);
  });
});

describe('archivePath', () => {
  it('names entries after the requested path and copies directories recursively', async () => {
    expect(await names(await archivePath(sample(), '/etc'))).toEqual(['etc/', 'etc/hostname', 'etc/sub/', 'etc/sub/deep']);
  });

  it('a trailing /. copies only the contents', async () => {
    expect(await names(await archivePath(sample(), '/etc/.'))).toEqual(['./', 'hostname', 'sub/', 'sub/deep']);
  });

  it('resolves a symlink to its target but keeps the requested name', async () => {
    expect(await names(await archivePath(sample(), 'link'))).toEqual(['link/', 'link/hostname', 'link/sub/', 'link/sub/deep']);
  });

  it('rejects a file asserted to be a directory, a missing path, /proc and an empty path', async () => {
    const fs = sample();
    await expect(archivePath(fs, '/etc/hostname/')).rejects.toMatchObject({ code: 'ENOTDIR' });
    await expect(archivePath(fs, '/missing')).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(archivePath(fs, '/proc/cpuinfo')).rejects.toMatchObject({ code: 'EPERM' });
    await expect(archivePath(fs, '')).rejects.toBeInstanceOf(FsError);
  });
});

describe('extractInto', () => {
  it('extracts into a directory and refuses dir/non-dir swaps with noOverwriteDirNonDir', async () => {
    const fs = sample();
    const tar = await writeTar([{ header: { name: 'sub', type: 'file', size: 1 }, data: Buffer.from('f') }]);
    await expect(extractInto(fs, '/etc', tar, { noOverwriteDirNonDir: true })).rejects.toMatchObject({ code: 'EISDIR' });
    await extractInto(fs, '/etc', tar, { noOverwriteDirNonDir: false });
    expect(fs.readFile('/etc/sub')!.toString()).toBe('f');
    await expect(extractInto(fs, '/nope', tar, { noOverwriteDirNonDir: false })).rejects.toMatchObject({ code: 'ENOENT' });
    await expect(extractInto(fs, '/etc/hostname', tar, { noOverwriteDirNonDir: false })).rejects.toMatchObject({ code: 'ENOTDIR' });
  });
});

describe('pathStat', () => {
  it('uses Go FileMode bits and reports a symlink with its resolved target', () => {
    const fs = sample();
    expect(pathStat(fs, '/etc')).toMatchObject({ name: 'etc', mode: GO_MODE_DIR + 0o755 });
    expect(pathStat(fs, '/etc/sub/deep')).toMatchObject({ name: 'deep', size: 1, mode: 0o600, linkTarget: '' });
    expect(pathStat(fs, '/link')).toMatchObject({ name: 'link', mode: GO_MODE_SYMLINK + 0o777, linkTarget: '/etc' });
    expect(pathStat(fs, '/etc').mtime).toMatch(/^\d{4}-\d\d-\d\dT/);
  });
});
