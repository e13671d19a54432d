/** The in-memory layered filesystem: the public surface for the daemon and the image side. */
export { ContainerFs, emptyLayer, layerSize } from './filesystem.ts';
export type { FsNode, Layer } from './filesystem.ts';
export { FsError, archiveErrorStatus } from './errors.ts';
export { archivePath, digestOf, exportTar, extractInto, layerFromTar, layerToTar } from './tar.ts';
export { encodePathStat, goFileMode, pathStat } from './stat.ts';
export type { PathStat } from './stat.ts';
export { decompress, detectCompression, UnsupportedCompressionError } from './compression.ts';
