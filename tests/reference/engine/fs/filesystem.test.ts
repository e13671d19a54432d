import { describe, expect, it } from 'vitest';
import { ContainerFs, emptyLayer } from '../../../../reference/engine/fs/filesystem.ts';
import type { Layer } from '../../../../reference/engine/fs/filesystem.ts';
import { FsError } from '../../../../reference/engine/fs/errors.ts';

const at = new Date(0);
function layer(files: Record<string, string | 'dir' | 'whiteout' | { link: string }>): Layer {
  const l = emptyLayer('l');
  for (const [path, v] of Object.entries(files)) {
    if (v === 'whiteout') l.entries.set(path, 'whiteout');
    else if (v === 'dir') l.entries.set(path, { type: 'dir', mode: 0o755, mtime: at });
    else if (typeof v === 'object') l.entries.set(path, { type: 'symlink', target: v.link, mode: 0o777, mtime: at });
    else l.entries.set(path, { type: 'file', data: Buffer.from(v), mode: 0o644, mtime: at });
  }
  return l;
}

const base = () => layer({ '/bin': 'dir', '/bin/sh': 'sh', '/etc': 'dir', '/etc/passwd': 'root', '/etc/group': 'g', '/tmp': 'dir' });

describe('ContainerFs layering', () => {
  it('shows the newest layer and hides whited-out lower content', () => {
    const fs = new ContainerFs([base(), layer({ '/etc/passwd': 'v2', '/etc/group': 'whiteout' })]);
    expect(fs.readFile('/etc/passwd')!.toString()).toBe('v2');
    expect(fs.stat('/etc/group')).toBeUndefined();
    expect(fs.list('/etc')).toEqual(['passwd']);
  });

  it('a whited-out directory hides everything below it', () => {
    const fs = new ContainerFs([base(), layer({ '/etc': 'whiteout' })]);
    expect(fs.stat('/etc/passwd')).toBeUndefined();
    expect(fs.list('/')).toEqual(['bin', 'tmp']);
  });

  it('a directory recreated over a removed one is opaque', () => {
    const fs = new ContainerFs([base()]);
    fs.remove('/etc');
    fs.mkdirp('/etc');
    expect(fs.list('/etc')).toEqual([]);
    fs.writeFile('/etc/new', Buffer.from('n'));
    expect(fs.list('/etc')).toEqual(['new']);
  });

  it('resolves symlinks in directories and at the end, and stops loops', () => {
    const fs = new ContainerFs([base(), layer({ '/l': { link: '/etc' }, '/rel': { link: 'etc/passwd' }, '/loop': { link: '/loop' } })]);
    expect(fs.readFile('/l/passwd')!.toString()).toBe('root');
    expect(fs.readFile('/rel')!.toString()).toBe('root');
    expect(fs.stat('/rel', { follow: false })!.type).toBe('symlink');
    expect(() => fs.resolve('/loop')).toThrow(FsError);
    expect(fs.stat('/loop')).toBeUndefined();
  });

  it('writes through a symlinked directory into the target', () => {
    const fs = new ContainerFs([base(), layer({ '/l': { link: '/tmp' } })]);
    fs.writeFile('/l/x', Buffer.from('1'));
    expect(fs.readFile('/tmp/x')!.toString()).toBe('1');
  });

  it('readUpper reads the upper layer entry by entry in path order: writes made between the reads show in what follows', async () => {
    const fs = new ContainerFs([base()]);
    for (const name of ['/z', '/a', '/m']) fs.writeFile(name, Buffer.from('0'));
    let count = 0;
    const read = await fs.readUpper(async () => {
      count++;
      for (const name of ['/a', '/z']) fs.writeFile(name, Buffer.from(String(count)));
    });
    expect([...read.entries.keys()]).toEqual(['/a', '/m', '/z']);
    const text = (path: string) => (read.entries.get(path) as { data: Buffer }).data.toString();
    expect([text('/a'), text('/z')]).toEqual(['0', '2']);
  });
});

describe('changes()', () => {
  it('reports adds, modifies and deletes, with changed parents as modified', () => {
    const fs = new ContainerFs([base()]);
    fs.writeFile('/tmp/new', Buffer.from('x'));
    fs.writeFile('/etc/passwd', Buffer.from('changed'));
    fs.remove('/etc/group');
    fs.mkdirp('/opt/app');
    expect(fs.changes()).toEqual([
      { Path: '/etc', Kind: 0 },
      { Path: '/etc/group', Kind: 2 },
      { Path: '/etc/passwd', Kind: 0 },
      { Path: '/opt', Kind: 1 },
      { Path: '/opt/app', Kind: 1 },
      { Path: '/tmp', Kind: 0 },
      { Path: '/tmp/new', Kind: 1 },
    ]);
  });

  it('a file added then removed leaves no change', () => {
    const fs = new ContainerFs([base()]);
    fs.writeFile('/x', Buffer.from('1'));
    fs.remove('/x');
    expect(fs.changes()).toEqual([]);
  });
});
