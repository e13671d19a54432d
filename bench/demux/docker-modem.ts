/**
 * docker-modem's demuxer (the one dockerode's users call: `modem.demuxStream(stream, stdout,
 * stderr)`), loaded for the comparison bench only: docker-modem is a devDependency and ships no
 * types, so this is the one function of it the bench uses, typed.
 */
import { createRequire } from 'node:module';
import type { Readable, Writable } from 'node:stream';

interface DockerModem {
  demuxStream(stream: Readable, stdout: Writable, stderr: Writable): void;
}

type DockerModemConstructor = new (options?: Record<string, unknown>) => DockerModem;

const require = createRequire(import.meta.url);

/** A modem as users construct it (it connects nowhere until asked to dial), or the reason it cannot load. */
export function dockerModem(): DockerModem | Error {
  try {
    const Modem = require('docker-modem') as DockerModemConstructor;
    return new Modem({ socketPath: '/nonexistent/docker.sock' });
  } catch (error) {
    return error instanceof Error ? error : new Error(String(error));
  }
}

/** The installed version, for the bench's notes. */
export function dockerModemVersion(): string {
  try {
    return (require('docker-modem/package.json') as { version: string }).version;
  } catch {
    return 'unknown';
  }
}
