/** What an import (`fromSrc=<URL>`) or a build (`remote=<URL>`) fetches over HTTP(S); 500 when it cannot. */
import { HttpError } from '../http/router.ts';

export async function fetchSource(url: string): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(url, { signal: AbortSignal.timeout(30_000) });
  } catch (err) {
    throw new HttpError(500, `Get ${url}: ${(err as Error).message}`);
  }
  if (!res.ok) throw new HttpError(500, `Get ${url}: unexpected status ${res.status}`);
  return Buffer.from(await res.arrayBuffer());
}
