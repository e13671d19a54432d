import { HttpTransport, type HttpResponse, type TransportOptions } from './http-transport.ts';
import type { TargetEndpoint } from './endpoint.ts';
import type { Transcript } from './transcript.ts';

/**
 * Requests sent one after another on one connection, kept alive between them (undici's pool of
 * one connection), for rules about what an answer may depend on: its own request, not the
 * requests made before it on its connection. A target that closes the connection makes the pool
 * open another: `connectionsOpened` tells whether the requests really shared one.
 */
export interface KeptAliveConnection {
  /** How many connections the requests so far took: 1 while the first was kept. */
  readonly connectionsOpened: number;
  /** Sends a bodiless request (path as written, no version prefix added) and reads its whole answer. */
  request(method: string, path: string): Promise<HttpResponse>;
  close(): Promise<void>;
}

export function openKeptAlive(endpoint: TargetEndpoint, options: TransportOptions, transcript?: Transcript): KeptAliveConnection {
  const transport = new HttpTransport(endpoint, { ...options, connections: 1 });
  return {
    get connectionsOpened() {
      return transport.connectionsOpened;
    },
    request: (method, path) => transport.request({ method, path }, transcript),
    close: () => transport.close(),
  };
}
