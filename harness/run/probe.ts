import { HttpTransport } from '../target/http-transport.ts';
import { TargetError } from '../target/errors.ts';
import type { TargetEndpoint } from '../target/endpoint.ts';
import type { CloudTargetConfig } from './config.ts';
import { basicAuth } from '../target/basic-auth.ts';

export interface ProductInfo {
  product: string;
  version: string;
}

/** The target could not be reached at all: the run stops with exit code 3. */
export class TargetUnreachable extends Error {
  override name = 'TargetUnreachable';
}

async function ask<T>(endpoint: TargetEndpoint, timeoutMs: number, work: (t: HttpTransport) => Promise<T>): Promise<T> {
  const transport = new HttpTransport(endpoint, { timeoutMs, maxBodyBytes: 1024 * 1024 });
  try {
    return await work(transport);
  } catch (err) {
    if (err instanceof TargetError) throw new TargetUnreachable(`target ${endpoint.url} is unreachable: ${err.message}`);
    throw err;
  } finally {
    await transport.close();
  }
}

/**
 * Pings an engine target and reads what it says it is (GET /_ping, GET /version). A target that
 * answers the ping is reachable: /version only names the product, so a /version that fails or
 * times out (Podman's gathers its components' versions each time: ~0.6 s, and past the 10 s
 * deadline on a loaded machine) leaves the product named by the ping's Server header, and the
 * version checks report the answer.
 */
export function probeEngine(endpoint: TargetEndpoint, timeoutMs: number): Promise<ProductInfo> {
  return ask(endpoint, timeoutMs, async (t) => {
    const ping = await t.request({ method: 'GET', path: '/_ping' });
    if (ping.status !== 200) throw new TargetUnreachable(`target ${endpoint.url} answered GET /_ping with ${ping.status}: is it a container engine?`);
    const version = await t.request({ method: 'GET', path: '/version' }).catch((err: unknown) => {
      if (err instanceof TargetError) return undefined;
      throw err;
    });
    let body: { Version?: string } = {};
    try {
      body = version?.json() ?? {};
    } catch {
      // Reported by the suites; the probe only names the product.
    }
    const server = version?.headers['server'] ?? ping.headers['server'] ?? 'unknown engine';
    return { product: server.split('/')[0] ?? server, version: body.Version ?? server.split('/')[1]?.split(' ')[0] ?? 'unknown' };
  });
}

/**
 * The engine API versions a target refuses, each with the reason: a version is refused when both
 * `GET /v<version>/_ping` and `GET /v<version>/version` answer other than 200 (Docker 25 and later
 * answer 400 "client version ... is too old" below 1.24). The run reports it once, plainly.
 */
export function probeEngineVersions(endpoint: TargetEndpoint, versions: readonly string[], timeoutMs: number): Promise<Record<string, string>> {
  return ask(endpoint, timeoutMs, async (t) => {
    const refused: Record<string, string> = {};
    for (const version of versions) {
      const ping = await t.request({ method: 'GET', path: `/v${version}/_ping` });
      if (ping.status === 200) continue;
      const info = await t.request({ method: 'GET', path: `/v${version}/version` });
      if (info.status === 200) continue;
      const said = ping.text().trim().slice(0, 120);
      refused[version] = `the target does not serve API ${version}: GET /v${version}/_ping answered ${ping.status}${said ? ` ${JSON.stringify(said)}` : ''}`;
    }
    return refused;
  });
}

/** Reaches a cloud target: any HTTP answer from the catalog endpoint means it is there. */
export function probeCloud(cloud: CloudTargetConfig, timeoutMs: number): Promise<ProductInfo> {
  return ask(cloud.rest, timeoutMs, async (t) => {
    const res = await t.request({
      method: 'GET',
      path: '/api/infra/v1/provider/',
      headers: { authorization: basicAuth(cloud.auth), accept: 'application/json' },
    });
    if (res.status === 401) throw new TargetUnreachable(`target ${cloud.rest.url} rejected the credentials of ${cloud.auth.user} (401)`);
    return { product: res.headers['server'] ?? 'cloud API', version: 'v1' };
  });
}
