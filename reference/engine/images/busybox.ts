/**
 * The image the registry is seeded with: `busybox:latest`, whose /bin holds the reference
 * runtime's program names as symlinks to /bin/busybox (so `docker run busybox echo hi` works,
 * pull included, and the daemon's executable check finds them).
 */
import { emptyLayer, layerSize } from '../fs/filesystem.ts';
import type { FsNode, Layer } from '../fs/filesystem.ts';
import { digestOf } from '../fs/tar.ts';
import { PROGRAM_NAMES } from '../runtime/programs/index.ts';
import { makeImage } from './image.ts';
import type { Image } from './image.ts';

const CREATED = new Date('2016-03-18T18:22:48.810791943Z');
const PATH = 'PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin';

function busyboxLayer(): Layer {
  const layer = emptyLayer();
  const dir = (mode = 0o755): FsNode => ({ type: 'dir', mode, mtime: CREATED });
  const file = (text: string, mode = 0o644): FsNode => ({ type: 'file', data: Buffer.from(text), mode, mtime: CREATED });
  for (const path of ['/bin', '/dev', '/etc', '/home', '/proc', '/root', '/sys', '/usr', '/usr/sbin', '/var', '/var/spool']) layer.entries.set(path, dir());
  layer.entries.set('/tmp', dir(0o1777));
  layer.entries.set('/bin/busybox', file('\x7fELF reference busybox: the programs are built into the engine\n', 0o755));
  for (const name of PROGRAM_NAMES) {
    if (name !== 'busybox') layer.entries.set(`/bin/${name}`, { type: 'symlink', target: 'busybox', mode: 0o777, mtime: CREATED });
  }
  layer.entries.set('/etc/passwd', file('root:x:0:0:root:/root:/bin/sh\nnobody:x:65534:65534:nobody:/home:/bin/false\n'));
  layer.entries.set('/etc/group', file('root:x:0:\nwheel:x:10:root\nnogroup:x:65534:\n'));
  layer.id = digestOf(Buffer.from([...layer.entries.keys()].join('\n')));
  return layer;
}

export function busyboxImage(): Image {
  const layer = busyboxLayer();
  const config = { Env: [PATH], Cmd: ['sh'], Image: '', WorkingDir: '', Entrypoint: null, Labels: {}, OnBuild: null };
  return makeImage({
    parent: '',
    created: CREATED,
    author: '',
    comment: '',
    config,
    containerConfig: { ...config, Cmd: ['/bin/sh', '-c', '#(nop) CMD ["sh"]'] },
    layers: [layer],
    history: [
      {
        created: CREATED,
        createdBy: '/bin/sh -c #(nop) ADD file:47ca6e777c36a4cfffe3f918b64a445a3da0c9a2b8fc7ca6d1b2bc3a6e1c9f82 in /',
        comment: '',
        size: layerSize(layer),
      },
      { created: CREATED, createdBy: '/bin/sh -c #(nop) CMD ["sh"]', comment: '', size: 0, emptyLayer: true },
    ],
  });
}
