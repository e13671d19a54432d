import type { Endpoint, ResponseSpec } from '../catalog/types.ts';
import type { SchemaSet, SchemaValidator } from '../schema/validator.ts';
import type { EndpointMatcher } from './endpoint-matcher.ts';
import { readList } from '../protocol/cloud-lists.ts';

/** The rules every answer is judged by, whatever check asked for it. */
export const EXCHANGE_RULES = ['status-documented', 'content-type-documented', 'shape-documented', 'headers-documented'] as const;
export type ExchangeRule = (typeof EXCHANGE_RULES)[number];

/** One answer that departs from what the catalog documents for its endpoint. */
export interface ExchangeFinding {
  endpoint: string;
  rule: ExchangeRule;
  /** The requirement the departure breaks (its level grades it). */
  requirement: string;
  message: string;
  /** `METHOD path → status`, as sent; method and status find it in the check's (redacted) transcript. */
  exchange: string;
  method: string;
  status: number;
}

/** The judge's word on one answer: its catalog endpoint, its departures, and what it could not judge (observed, never a breach). */
export interface JudgeResult {
  endpoint?: string;
  findings: ExchangeFinding[];
  observations?: string[];
}

/** What a judged answer looks like: a buffered HTTP response. */
export interface JudgedAnswer {
  status: number;
  headers: Record<string, string>;
  body: Buffer;
}

/** The requirements each rule names; an endpoint's own response-schema requirement wins for shapes. */
export interface JudgeRequirements {
  status: string;
  contentType: string;
  shape: string;
  /** The rule of the response headers the catalog lists (an API whose catalog lists none has none). */
  headers?: string;
  /** The endpoint's own requirement for the shape of one status's body, when the catalog has one. */
  shapeOf(endpoint: Endpoint, status: number): string | undefined;
  /** Codes documented for every endpoint besides its own list (the cloud facts' error codes). */
  alsoDocumented?: (status: number) => boolean;
  /**
   * The Content-Type of every answer with a body, whatever its status, when the API states one for
   * all its answers (the cloud's "Responses are JSON"): an answer of a code the endpoint does not
   * list (an error the facts give, such as 400 or 409) is judged by it, and a JSON one must parse.
   */
  everyAnswer?: string;
}

export interface JudgeOptions {
  matcher: EndpointMatcher;
  /** 'engine/1.22', 'cloud/v1'. */
  schemaSet: SchemaSet;
  /** The catalog version of the suite: '1.22', 'v1'. */
  version: string;
  schemas: SchemaValidator;
  requirements: JudgeRequirements;
}

/**
 * Judges every answer a check received against the catalog: a status code the endpoint documents,
 * the documented Content-Type, a JSON body valid against the endpoint's schema for that status
 * and version. Undocumented fields are notes elsewhere and are not judged here. Requests to paths
 * the suite's catalog does not know (other versions, deliberate probes) are not judged.
 */
export class ExchangeJudge {
  constructor(private readonly options: JudgeOptions) {}

  judge(method: string, path: string, answer: JudgedAnswer): JudgeResult {
    const endpoint = this.options.matcher.match(method, path);
    if (!endpoint) return { findings: [] };
    const exchange = `${method.toUpperCase()} ${path.split('?')[0]} → ${answer.status}`;
    const documented = endpoint.responses.filter((r) => !r.versions || r.versions.includes(this.options.version));
    const spec = documented.find((r) => r.status === answer.status);
    const found = (rule: ExchangeRule, requirement: string, message: string): ExchangeFinding => ({
      endpoint: endpoint.id,
      rule,
      requirement,
      message,
      exchange,
      method: method.toUpperCase(),
      status: answer.status,
    });
    const { requirements } = this.options;
    if (!spec) {
      if (endpoint.codesListed === false || requirements.alsoDocumented?.(answer.status)) {
        const departure = this.everyAnswerDeparture(answer);
        return { endpoint: endpoint.id, findings: departure ? [found('content-type-documented', requirements.contentType, `${exchange}: ${departure}`)] : [] };
      }
      const codes = documented.map((r) => r.status).join(', ');
      return {
        endpoint: endpoint.id,
        findings: [
          found(
            'status-documented',
            requirements.status,
            `${exchange}: status ${answer.status} is not among the codes documented for ${endpoint.method} ${endpoint.path} (${codes})`,
          ),
        ],
      };
    }
    const findings: ExchangeFinding[] = [];
    const observations: string[] = [];
    // A code documented without a content type of its own (an error code the facts give) is held to the API's rule for every answer.
    const contentType = spec.contentType ? this.contentTypeDeparture(spec.contentType, answer) : this.everyAnswerDeparture(answer);
    if (contentType) findings.push(found('content-type-documented', requirements.contentType, `${exchange}: ${contentType}`));
    const shape = this.shapeDeparture(spec, answer, (note) => observations.push(`${exchange}: ${note}`));
    if (shape) findings.push(found('shape-documented', requirements.shapeOf(endpoint, answer.status) ?? requirements.shape, `${exchange}: ${shape}`));
    const missing = (spec.headers ?? []).filter((h) => answer.headers[h.toLowerCase()] === undefined);
    if (missing.length && requirements.headers)
      findings.push(found('headers-documented', requirements.headers, `${exchange}: the documented header ${missing.join(', ')} is missing`));
    return { endpoint: endpoint.id, findings, ...(observations.length ? { observations } : {}) };
  }

  private contentTypeDeparture(documented: string | undefined, answer: JudgedAnswer): string | undefined {
    if (!documented || answer.body.length === 0) return undefined;
    const got = (answer.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
    const want = documented.split(';')[0]!.trim().toLowerCase();
    return got === want ? undefined : `Content-Type is ${got ? `'${got}'` : 'missing'}, documented '${want}'`;
  }

  /** How an answer of a code documented without a content type of its own (or not listed) departs from the API's content type for every answer. */
  private everyAnswerDeparture(answer: JudgedAnswer): string | undefined {
    const want = this.options.requirements.everyAnswer;
    if (!want) return undefined;
    const contentType = this.contentTypeDeparture(want, answer);
    if (contentType || !/[/+]json$/.test(want) || answer.body.length === 0) return contentType;
    try {
      JSON.parse(answer.body.toString('utf8'));
      return undefined;
    } catch {
      return `the body is not JSON: ${JSON.stringify(answer.body.toString('utf8').slice(0, 80))}`;
    }
  }

  /** How a body departs from its documented shape; what cannot be judged (a list whose envelope hides which array it is) goes to `observe`. */
  private shapeDeparture(spec: ResponseSpec, answer: JudgedAnswer, observe: (note: string) => void): string | undefined {
    // Error bodies known only from the facts are never judged: their shape is "not shown".
    const fromFactsOnly = spec.schemaFromFacts || (spec.fromFacts && spec.status >= 400);
    if (!spec.schema || spec.jsonStream || fromFactsOnly || answer.body.length === 0) return undefined;
    let value: unknown;
    try {
      value = JSON.parse(answer.body.toString('utf8'));
    } catch {
      return `the body is not JSON, documented a '${spec.schema}' object`;
    }
    const list = spec.list ? readList(value) : { objects: [value] };
    if (!list) return `the body is not a list of '${spec.schema}' objects`;
    if ('unidentified' in list) {
      observe(`${list.unidentified} (the spec does not show the list envelope): its items are not judged`);
      return undefined;
    }
    const items = list.objects;
    for (const [index, item] of items.entries()) {
      const problems = this.options.schemas.problems(this.options.schemaSet, spec.schema, item);
      if (problems.length)
        return `${spec.list ? `item ${index}: ` : ''}does not match the '${spec.schema}' schema: ${problems.map((p) => p.message).join('; ')}`;
    }
    return undefined;
  }
}
