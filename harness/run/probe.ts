import { HttpTransport, type HttpResponse } from '../target/http-transport.ts';
import { TargetError } from '../target/errors.ts';
import type { TargetEndpoint } from '../target/endpoint.ts';
import { Transcript } from '../target/transcript.ts';
import type { TranscriptEntry } from '../check/outcome.ts';
import type { CloudTargetConfig } from './config.ts';
import { basicAuth, credentialNames } from '../target/basic-auth.ts';
import { describeAnswer, notProviders } from './probe-answer.ts';

export interface ProductInfo {
  product: string;
  version: string;
}

/** What a probe that failed met: the API it asked for, the request, what it saw, and the exchange. */
export interface ProbeFailure {
  api: 'engine' | 'cloud';
  request: string;
  /** What the target answered (or did not), in a few words: "404 text/html from SimpleHTTP/0.6 …". */
  seen: string;
  transcript: TranscriptEntry[];
}

/** The target could not be reached, or is not the API asked for: the run stops with exit code 3. */
export class TargetUnreachable extends Error {
  override name = 'TargetUnreachable';
  constructor(
    message: string,
    readonly probe?: ProbeFailure,
  ) {
    super(message);
  }
}

type Api = ProbeFailure['api'];

async function ask<T>(api: Api, endpoint: TargetEndpoint, timeoutMs: number, work: (t: HttpTransport, transcript: Transcript) => Promise<T>): Promise<T> {
  const transport = new HttpTransport(endpoint, { timeoutMs, maxBodyBytes: 1024 * 1024 });
  const transcript = new Transcript();
  try {
    return await work(transport, transcript);
  } catch (err) {
    if (!(err instanceof TargetError)) throw err;
    const entry = transcript.entries.at(-1);
    const request = entry ? `${entry.request.method} ${entry.request.path}` : 'the probe';
    const seen = err.code === 'timeout' ? `no answer within ${timeoutMs} ms` : err.message.replace(`${request}: `, '');
    const failure = { api, request, seen, transcript: transcript.entries };
    throw new TargetUnreachable(`target ${endpoint.url} is unreachable: ${request}: ${seen}`, failure);
  } finally {
    await transport.close();
  }
}

/** The probe's answer was not the API's: the run stops, naming what was seen. */
function notTheApi(api: Api, url: string, request: string, res: HttpResponse, transcript: Transcript, why: string): TargetUnreachable {
  const seen = `${describeAnswer(res)}${why}`;
  const failure: ProbeFailure = { api, request, seen, transcript: transcript.entries };
  const name = api === 'engine' ? 'a container engine' : 'a cloud orchestration API';
  return new TargetUnreachable(`target ${url} answered ${request} with ${seen}: is it ${name}?`, failure);
}

/**
 * Pings an engine target and reads what it says it is (GET /_ping, GET /version). A target that
 * answers the ping is reachable: /version only names the product, so a /version that fails or
 * times out (Podman's gathers its components' versions each time: ~0.6 s, and past the 10 s
 * deadline on a loaded machine) leaves the product named by the ping's Server header, and the
 * version checks report the answer.
 */
export function probeEngine(endpoint: TargetEndpoint, timeoutMs: number): Promise<ProductInfo> {
  return ask('engine', endpoint, timeoutMs, async (t, transcript) => {
    const ping = await t.request({ method: 'GET', path: '/_ping' }, transcript);
    if (ping.status !== 200) throw notTheApi('engine', endpoint.url, 'GET /_ping', ping, transcript, '');
    // A web page where the ping should be: a web server that answers every path.
    if (/html/i.test(ping.headers['content-type'] ?? '')) throw notTheApi('engine', endpoint.url, 'GET /_ping', ping, transcript, ', a web page');
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
  return ask('engine', endpoint, timeoutMs, async (t) => {
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

/** The cloud probe's request: the provider list, documented, read-only, and the same for every user. */
export const CLOUD_PROBE_PATH = '/api/infra/v1/provider/';

/**
 * Reaches a cloud target and makes sure it is one: the provider list, asked with the run's
 * credentials, must answer 200 with the documented JSON (a list of provider objects, bare or in
 * the {meta, objects} envelope). A web server, an HTML page or another API stops the run.
 */
export function probeCloud(cloud: CloudTargetConfig, timeoutMs: number): Promise<ProductInfo> {
  return ask('cloud', cloud.rest, timeoutMs, async (t, transcript) => {
    transcript.nameSecrets(credentialNames(cloud));
    const headers = { authorization: basicAuth(cloud.auth), accept: 'application/json' };
    const res = await t.request({ method: 'GET', path: CLOUD_PROBE_PATH, headers }, transcript);
    const request = `GET ${CLOUD_PROBE_PATH}`;
    if (res.status === 401)
      throw new TargetUnreachable(`target ${cloud.rest.url} rejected the credentials of ${cloud.auth.user} (401)`, {
        api: 'cloud',
        request,
        seen: describeAnswer(res),
        transcript: transcript.entries,
      });
    const why = res.status === 200 ? notProviders(res) : '';
    if (res.status !== 200 || why !== undefined) throw notTheApi('cloud', cloud.rest.url, request, res, transcript, why ?? '');
    return { product: res.headers['server'] ?? 'cloud API', version: 'v1' };
  });
}
