import { loadEndpoints, RequirementIndex } from '../catalog/load.ts';
import { apiOfSuite, apiVersionOfSuite, type SuiteName } from '../catalog/types.ts';
import { spellDeep, type VendorProfileName } from '../profile.ts';
import { schemaSetOfSuite, SchemaValidator } from '../schema/validator.ts';
import { cloudCatalogPath, EndpointMatcher, engineCatalogPath } from './endpoint-matcher.ts';
import { EXCHANGE_RULES, ExchangeJudge, type ExchangeRule, type JudgeRequirements } from './exchange-judge.ts';

/** The requirement each rule names, per API (the catalog's general statements about answers). */
const RULE_REQUIREMENTS: Record<'engine' | 'cloud', Partial<Record<ExchangeRule, string>>> = {
  engine: {
    'status-documented': 'engine/errors/listed-codes-only',
    'content-type-documented': 'engine/responses/content-type-documented',
    'shape-documented': 'engine/responses/shape-documented',
  },
  cloud: {
    'status-documented': 'cloud/errors/codes',
    'content-type-documented': 'cloud/http/json-responses',
    'shape-documented': 'cloud/responses/shape-documented',
    // The only response header either catalog lists is the cloud's action header.
    'headers-documented': 'cloud/actions/header-on-creating-responses',
  },
};

/** The rules the suite's answers are judged by: those its API has a requirement for. */
export function exchangeRules(suite: SuiteName): ExchangeRule[] {
  return EXCHANGE_RULES.filter((rule) => RULE_REQUIREMENTS[apiOfSuite(suite)][rule] !== undefined);
}

/**
 * Cloud: success codes other than 202 and every operation's error codes are "not shown"; the
 * facts list the error codes the service used. A code is judged only when it is none of these.
 */
const CLOUD_FACT_ERROR_CODES = [400, 401, 402, 403, 404, 405, 409, 415, 429, 500, 503, 504];
const cloudCodeNotShown = (status: number): boolean => status < 300 || CLOUD_FACT_ERROR_CODES.includes(status);

export function ruleRequirement(suite: SuiteName, rule: ExchangeRule): string {
  const id = RULE_REQUIREMENTS[apiOfSuite(suite)][rule];
  if (!id) throw new Error(`the ${apiOfSuite(suite)} API judges no answer by ${rule}`);
  return id;
}

/** The id of the result that sums up one rule over a whole run: `engine/observed/status-documented`. */
export function observedCheckId(suite: SuiteName, rule: ExchangeRule, endpoint?: string): string {
  const api = apiOfSuite(suite);
  return endpoint ? `${api}/observed/${endpoint.slice(api.length + 1)}/${rule}` : `${api}/observed/${rule}`;
}

/** Whether a result is one of the judge's (not a check's). */
export function isObservedResult(id: string): boolean {
  return /^(engine|cloud)\/observed\//.test(id);
}

/** The judged rules as entries of the suite's check index (coverage counts them like checks). */
export function observedChecks(suite: SuiteName): Array<{ id: string; title: string; requirements: string[] }> {
  return exchangeRules(suite).map((rule) => ({
    id: observedCheckId(suite, rule),
    title: `every answer of the run is judged: ${rule}`,
    requirements: [ruleRequirement(suite, rule)],
  }));
}

const SHARED_JUDGES = new Map<string, ExchangeJudge>();

/**
 * One judge per suite and profile for the whole process, over the shared schemas and
 * requirements (it keeps no state of its own): building one reads and spells the suite's catalog.
 */
export function sharedJudgeForSuite(suite: SuiteName, profile: VendorProfileName): ExchangeJudge {
  const key = `${suite} ${profile}`;
  let judge = SHARED_JUDGES.get(key);
  if (!judge) {
    judge = judgeForSuite(suite, SchemaValidator.shared(profile), RequirementIndex.shared(), profile);
    SHARED_JUDGES.set(key, judge);
  }
  return judge;
}

/** The judge of every answer of one suite's run, built from its catalog endpoints and schemas. */
export function judgeForSuite(suite: SuiteName, schemas: SchemaValidator, index: RequirementIndex, profile: VendorProfileName): ExchangeJudge {
  const api = apiOfSuite(suite);
  const version = apiVersionOfSuite(suite);
  const endpoints = spellDeep(
    loadEndpoints(api).filter((e) => e.versions.includes(version) && e.interface !== 'stream'),
    api,
    profile,
  );
  const rules = RULE_REQUIREMENTS[api];
  const requirements: JudgeRequirements = {
    status: rules['status-documented']!,
    contentType: rules['content-type-documented']!,
    shape: rules['shape-documented']!,
    ...(rules['headers-documented'] ? { headers: rules['headers-documented'] } : {}),
    shapeOf: (endpoint, status) => {
      const id = `${endpoint.id}/${status}-response-schema`;
      return index.get(id)?.versions.includes(version) ? id : undefined;
    },
    // "Responses are JSON": errors the facts give (400, 409 ...) too, whose shape stays not shown.
    ...(api === 'cloud' ? { alsoDocumented: cloudCodeNotShown, everyAnswer: 'application/json' } : {}),
  };
  const matcher = new EndpointMatcher(endpoints, api === 'engine' ? engineCatalogPath(version) : cloudCatalogPath);
  return new ExchangeJudge({ matcher, schemaSet: schemaSetOfSuite(suite), version, schemas, requirements });
}
