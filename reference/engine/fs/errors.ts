/** Filesystem errors with POSIX-like codes; callers map them to HTTP statuses. */
export type FsErrorCode = 'ENOENT' | 'ENOTDIR' | 'EISDIR' | 'ELOOP' | 'EEXIST' | 'EPERM' | 'EINVAL' | 'EROFS';

export class FsError extends Error {
  constructor(
    readonly code: FsErrorCode,
    readonly path: string,
    message?: string,
  ) {
    super(message ?? `${path}: ${DESCRIPTIONS[code]}`);
  }
}

const DESCRIPTIONS: Record<FsErrorCode, string> = {
  ENOENT: 'no such file or directory',
  ENOTDIR: 'not a directory',
  EISDIR: 'is a directory',
  ELOOP: 'too many levels of symbolic links',
  EEXIST: 'file exists',
  EPERM: 'operation not permitted',
  EINVAL: 'invalid argument',
  EROFS: 'read-only file system',
};

/**
 * The HTTP status an archive endpoint answers for a filesystem error: 404 for a missing path,
 * 400 for a bad path (file asserted to be a directory, forbidden location, bad overwrite).
 */
export function archiveErrorStatus(err: FsError): 400 | 404 {
  return err.code === 'ENOENT' ? 404 : 400;
}
