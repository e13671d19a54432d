import type http from 'node:http';

/** Writes `chunk` to the response for as long as the client reads: a body that never ends. */
export function writeEndlessBody(res: http.ServerResponse, chunk: Buffer): void {
  const pump = (): void => {
    while (!res.destroyed && res.write(chunk));
    if (!res.destroyed) res.once('drain', pump);
  };
  pump();
}
