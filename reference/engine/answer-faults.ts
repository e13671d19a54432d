/**
 * The parametrised fault family `answer:<endpoint>:<status>`: where the endpoint would answer
 * `status`, it answers another code instead (304 → 204, any other → 500; 500 → 400), and does
 * everything else as before. One mechanism breaks every status-code rule of the catalog, each by
 * a fault of its own. Members are generated from the catalog: one per documented code that a
 * requirement states a rule about (`engine/containers/start/304-already-started`).
 */
import type http from 'node:http';
import type { Endpoint } from '../../harness/catalog/types.ts';
import type { Fault } from '../faults.ts';
import type { FaultSet } from './faults.ts';
import { CATALOG_ENDPOINTS, CATALOG_REQUIREMENT_IDS, catalogEndpointOf } from './http/catalog-endpoint.ts';

/** `answer:<endpoint>:<status>`: the endpoints are catalog data (read at run time), so the type is a pattern and `parseEngineFaults` checks the members. */
export type AnswerFaultName = `answer:${string}:${number}`;

/**
 * Connection take-overs are not answers that can be swapped: the 101 of a hijack, and the 200 of
 * an endpoint that can hijack (its stream is written on the raw socket) or of a WebSocket session.
 */
function swappable(endpoint: Endpoint, status: number): boolean {
  const hijacks = endpoint.responses.some((r) => r.status === 101) || endpoint.path.endsWith('/ws');
  return status !== 101 && !(hijacks && status === 200);
}

export function answerFault(endpoint: string, status: number): AnswerFaultName {
  return `answer:${endpoint}:${status}`;
}

/** What a swapped answer becomes: a plausible wrong code. */
export function swappedStatus(status: number): number {
  if (status === 304) return 204;
  return status === 500 ? 400 : 500;
}

/** The (endpoint, status) pairs the catalog states a rule about: a requirement `<endpoint>/<status>-…`. */
const STATUS_RULES = new Set(CATALOG_REQUIREMENT_IDS.map((id) => /^(.*)\/(\d{3})-[^/]+$/.exec(id)).flatMap((m) => (m ? [`${m[1]}:${m[2]}`] : [])));

export const ANSWER_FAULTS: ReadonlyArray<Fault<AnswerFaultName, 'answers'>> = CATALOG_ENDPOINTS.flatMap((e) =>
  [...new Set(e.responses.map((r) => r.status))]
    .filter((status) => swappable(e, status) && STATUS_RULES.has(`${e.id}:${status}`))
    .map((status) => ({
      name: answerFault(e.id, status),
      area: 'answers',
      description: `${e.method} ${e.path} answers ${swappedStatus(status)} where it would answer ${status} (the rest of its work is unchanged)`,
    })),
);

/** Makes the response answer the swapped code for each status that an active `answer:` fault of its endpoint names. */
export function applyAnswerFaults(faults: FaultSet, method: string, pathname: string, res: http.ServerResponse): void {
  const endpoint = catalogEndpointOf(method, pathname);
  if (!endpoint) return;
  const swapped = new Set(endpoint.responses.map((r) => r.status).filter((status) => faults.has(answerFault(endpoint.id, status))));
  if (!swapped.size) return;
  const writeHead = res.writeHead.bind(res) as (status: number, ...rest: unknown[]) => http.ServerResponse;
  res.writeHead = ((status: number, ...rest: unknown[]) => writeHead(swapped.has(status) ? swappedStatus(status) : status, ...rest)) as typeof res.writeHead;
}
