/** What an import (`fromSrc=<URL>`) or a build (`remote=<URL>`) fetches over HTTP(S); 500 when it cannot. */
import { HttpError } from '../http/router.ts';

/** @param followRedirects false only under `blind22-import-url-redirect-not-followed`: a 3xx answer is taken as the failure it is not. */
export async function fetchSource(url: string, followRedirects = true): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(30_000), redirect: followRedirects ? 'follow' : 'manual' });
  } catch (err) {
    throw new HttpError(500, `Get ${url}: ${(err as Error).message}`);
  }
  if (!res.ok) throw new HttpError(500, `Get ${url}: unexpected status ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
