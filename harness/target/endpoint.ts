import { readFileSync } from 'node:fs';
import path from 'node:path';

/** Where and how to reach one HTTP service: the resolved form of a --target value. */
export interface TargetEndpoint {
  /** The URL as the user named it (or the embedded server's), shown in reports. */
  url: string;
  /** HTTP origin used for Host headers and undici: http://localhost for unix sockets. */
  origin: string;
  socketPath?: string;
  tls?: TlsFiles;
}

export interface TlsFiles {
  ca?: string;
  cert?: string;
  key?: string;
}

export class UsageError extends Error {
  override name = 'UsageError';
}

/**
 * Parses a target URL: unix:///path.sock, tcp://host:port, http://host[:port], https://host[:port].
 * `embedded` and `docker-env` are resolved by the CLI before this is called.
 */
export function parseTargetUrl(raw: string, tls?: TlsFiles): TargetEndpoint {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new UsageError(`bad target '${raw}': expected embedded, docker-env, unix:///path.sock, tcp://host:port, http://host:port or https://host:port`);
  }
  switch (url.protocol) {
    case 'unix:': {
      const socketPath = decodeURIComponent(url.pathname);
      if (!socketPath || socketPath === '/') throw new UsageError(`bad target '${raw}': unix target needs a socket path`);
      return { url: raw, origin: 'http://localhost', socketPath };
    }
    case 'tcp:':
    case 'http:':
    case 'https:': {
      if (!url.hostname) throw new UsageError(`bad target '${raw}': no host`);
      if (url.protocol === 'tcp:' && !url.port) throw new UsageError(`bad target '${raw}': tcp target needs a port`);
      const scheme = url.protocol === 'https:' || (url.protocol === 'tcp:' && tls) ? 'https' : 'http';
      return { url: raw, origin: `${scheme}://${url.host}`, ...(scheme === 'https' ? { tls: tls ?? {} } : {}) };
    }
    default:
      throw new UsageError(`bad target '${raw}': unsupported scheme '${url.protocol}'`);
  }
}

/**
 * Parses a Stream API URL: ws://, wss:// (as http://, https://, the TLS files applying to wss), and
 * the unix socket forms ws+unix:///path and wss+unix:///path (TLS over the socket, as the embedded
 * cloud reference serves it).
 */
export function parseStreamUrl(raw: string, tls?: TlsFiles): TargetEndpoint {
  const unix = /^(wss?)\+unix:\/\/(\/.+)$/.exec(raw);
  if (!unix?.[2]) return { ...parseTargetUrl(raw.replace(/^ws/, 'http'), tls), url: raw };
  const socketPath = decodeURIComponent(unix[2]);
  return unix[1] === 'wss' ? { url: raw, origin: 'https://localhost', socketPath, tls: tls ?? {} } : { url: raw, origin: 'http://localhost', socketPath };
}

/** Resolves DOCKER_HOST, DOCKER_TLS_VERIFY and DOCKER_CERT_PATH the way the docker CLI does. */
export function dockerEnvTarget(env: NodeJS.ProcessEnv): TargetEndpoint {
  const host = env.DOCKER_HOST || 'unix:///var/run/docker.sock';
  const verify = env.DOCKER_TLS_VERIFY !== undefined && env.DOCKER_TLS_VERIFY !== '' && env.DOCKER_TLS_VERIFY !== '0';
  const certPath = env.DOCKER_CERT_PATH;
  const tls: TlsFiles | undefined = verify
    ? {
        ca: certPath ? path.join(certPath, 'ca.pem') : undefined,
        cert: certPath ? path.join(certPath, 'cert.pem') : undefined,
        key: certPath ? path.join(certPath, 'key.pem') : undefined,
      }
    : undefined;
  return parseTargetUrl(host, tls);
}

export interface TlsMaterial {
  ca?: Buffer;
  cert?: Buffer;
  key?: Buffer;
}

export function loadTls(files: TlsFiles): TlsMaterial {
  const read = (file: string | undefined) => (file ? readFileSync(file) : undefined);
  return { ca: read(files.ca), cert: read(files.cert), key: read(files.key) };
}
