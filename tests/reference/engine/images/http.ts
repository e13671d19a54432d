/** HTTP helpers for the image route tests: a server with the fixture image, JSON streams, tars. */
import { afterAll, beforeAll } from 'vitest';
import { gzipSync } from 'node:zlib';
import { request, startTestServer } from '../helpers.ts';
import type { Reply, TestServer } from '../helpers.ts';
import { writeTar } from '../../../../reference/engine/fs/tar-io.ts';

/** Starts a server for the file's tests (with the given faults) and closes it afterwards. */
export function useServer(faults: string[] = []): () => TestServer {
  let t: TestServer;
  beforeAll(async () => {
    t = await startTestServer({ faults });
  });
  afterAll(() => t.close());
  return () => t;
}

export function call(t: TestServer, method: string, path: string, body?: unknown, headers?: Record<string, string>): Promise<Reply> {
  return request(t.socketPath, method, path, body, headers);
}

/** The objects of a newline-separated JSON stream. */
export function jsonLines(reply: Reply): Array<Record<string, any>> {
  return reply.text
    .split('\n')
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l));
}

/** A tar of the given files (text content). */
export function tarOf(files: Record<string, string>, gzip = false): Promise<Buffer> {
  return writeTar(
    Object.entries(files).map(([name, text]) => ({ header: { name, type: 'file', size: Buffer.byteLength(text), mode: 0o644 }, data: Buffer.from(text) })),
  ).then((t) => (gzip ? gzipSync(t) : t));
}

export const TAR = { 'Content-Type': 'application/x-tar' };
