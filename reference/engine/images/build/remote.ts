/**
 * POST /build?remote=<URI>: the context fetched instead of read from the body. An HTTP(S) URI to
 * a single text file becomes the build file (under the default name; `vendorfile` is ignored);
 * (1.22) a URI to a tarball is the context, its build file the one `vendorfile` names. Git URIs
 * are not supported (500).
 */
import type { ApiVersion } from '../../http/router.ts';
import { HttpError } from '../../http/router.ts';
import { detectCompression } from '../../fs/compression.ts';
import { writeTar } from '../../fs/tar-io.ts';
import { fetchSource } from '../fetch-source.ts';

export interface RemoteContext {
  context: Buffer;
  /** Whether the URI gave the build file itself (then `vendorfile` does not apply). */
  singleFile: boolean;
}

function isTarball(data: Buffer): boolean {
  return detectCompression(data) !== 'identity' || (data.length >= 262 && data.subarray(257, 262).toString('latin1') === 'ustar');
}

export async function remoteContext(uri: string, version: ApiVersion, buildFileName: string): Promise<RemoteContext> {
  if (!/^https?:\/\//i.test(uri)) throw new HttpError(500, `remote build contexts other than HTTP(S) URIs (${uri}) are not supported by the reference daemon`);
  const fetched = await fetchSource(uri);
  if (version === '1.22' && isTarball(fetched)) return { context: fetched, singleFile: false };
  const context = await writeTar([{ header: { name: buildFileName, size: fetched.length, mode: 0o644 }, data: fetched }]);
  return { context, singleFile: true };
}
