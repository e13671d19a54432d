/**
 * Every mutant of a suite: each operator applied by this program at every atom the catalog and
 * the schemas name (every field of every documented answer per endpoint, status and version,
 * every query parameter, filter key and request field, every documented code), and the legal
 * operators at every answer they apply to. Nothing here knows a check.
 */
import path from 'node:path';
import { loadEndpoints, loadRequirements } from '../catalog/load.ts';
import { apiOfSuite, apiVersionOfSuite, type Endpoint, type Requirement, type ResponseSpec, type SuiteName } from '../catalog/types.ts';
import { spell, type VendorProfileName } from '../profile.ts';
import { SCHEMAS_DIR } from '../schema/validator.ts';
import { EFFECT_FIELDS } from '../../reference/engine/field-faults.ts';
import { cloudDrafts, cloudStreamDrafts, statedOrder } from './cloud-drafts.ts';
import { allowedVariations } from './declarations.ts';
import { STORAGE_FIELDS, storageDetached } from '../../reference/engine/mount-faults.ts';
import { ANSWER_OPERATORS, BOOLEAN_MISREADINGS, filterKeys, LEGAL_OPERATORS, mutableAnswer, otherDefault, statusTargets } from './operators.ts';
import { SchemaFields, type SchemaField } from './schema-fields.ts';
import { SiteRequirements } from './site-requirements.ts';
import { streamDrafts } from './stream-drafts.ts';
import { deletedDrafts, placeholderDrafts, refusedDrafts } from './operation-drafts.ts';
import { cellDrafts } from './cell-drafts.ts';
import { headerDrafts } from './header-drafts.ts';
import { TRANSPORT_OPERATORS } from './apply-stream.ts';
import type { JsonPath, LegalOp, Mutant, MutationSpec, TransportOp } from './types.ts';
import { isSuccess } from '../target/http-transport.ts';

/** The part of a mutant the generator fills in per atom; the id and site follow from it. */
export interface Draft {
  operator: string;
  atom: string;
  spec: MutationSpec;
  requirements: string[];
  description: string;
}

/** Status codes that are connection take-overs, not answers a target could swap. */
function takesOver(endpoint: Endpoint, status: number): boolean {
  const hijacks = endpoint.responses.some((r) => r.status === 101) || endpoint.path.endsWith('/ws') || endpoint.interface === 'stream';
  return status === 101 || (hijacks && status === 200);
}

const showPath = (p: JsonPath): string => (p.length ? p.join('.').replace(/\.\[\]/g, '[]') : '(the answer)');

export function generateMutants(suite: SuiteName, profile: VendorProfileName = 'docker'): Mutant[] {
  const api = apiOfSuite(suite);
  const version = apiVersionOfSuite(suite);
  const inVersion = (versions?: string[]): boolean => !versions || versions.includes(version);
  const endpoints = loadEndpoints(api).filter((e) => inVersion(e.versions) && e.interface !== 'stream');
  const versionRequirements = loadRequirements(api).filter((r) => inVersion(r.versions));
  const sites = new SiteRequirements(api, versionRequirements);
  const schemas = new SchemaFields(path.join(SCHEMAS_DIR, api, version));
  const spelled = (p: JsonPath): JsonPath => p.map((s) => spell(s, api, profile));
  const known = new Set(versionRequirements.map((r) => r.id));

  const drafts = endpoints.flatMap((e): Draft[] => {
    const base = { endpoint: e.id, version };
    const responses = e.responses.filter((r) => inVersion(r.versions));
    const documented = [...new Set(responses.map((r) => r.status))];
    const answers = responses.filter(mutableAnswer).flatMap((r) => {
      const fields = api === 'cloud' && r.list ? enveloped(schemas.fields(r.schema!), e) : schemas.fields(r.schema!);
      const requirements = sites.ofStatus(e.id, r.status, 'shape');
      const ordered = api === 'cloud' ? [...statedOrder(versionRequirements, e.id), ...requirements] : requirements;
      const broken = fields.flatMap((f) =>
        ANSWER_OPERATORS.filter((o) => o.fits(f)).map((o) => ({
          operator: `answer/${o.op}`,
          atom: `${r.status} ${showPath(f.path)}`,
          spec: { kind: 'answer', ...base, status: r.status, path: spelled(f.path), op: o.op } as const,
          requirements: o.op === 'list-reversed' ? ordered : requirements,
          description: `${e.method} ${e.path} ${r.status}: ${showPath(f.path)}: ${o.description}`,
        })),
      );
      return [...broken, ...legalAnswers(e, version, r.status, fields, sites.shapeRule(), spelled)];
    });
    const statuses = documented
      .filter((s) => !takesOver(e, s))
      .flatMap((from) =>
        statusTargets(from, documented).map((to) => ({
          operator: documented.includes(to) ? 'status/documented-neighbour' : to === 500 ? 'status/server-error' : 'status/success-swapped',
          atom: `status ${from}→${to}`,
          spec: { kind: 'status', ...base, from, to } as const,
          requirements: sites.ofStatus(e.id, from, 'codes'),
          description: `${e.method} ${e.path} answers ${to} where it would answer ${from}`,
        })),
      );
    const errors = documented.some((s) => s >= 400) ? [legal(e, version, 'error-reworded', undefined, sites.shapeRule())] : [];
    const notApplied = api === 'engine' && e.method !== 'GET' ? notAppliedDrafts(e, base, responses, sites) : [];
    return [
      ...answers,
      ...statuses,
      ...notApplied,
      ...queryDrafts(e, base, sites),
      ...bodyDrafts(e, base, sites, schemas),
      ...headerDrafts(e, version, inVersion, sites),
      ...errors,
      legal(e, version, 'latency', undefined, sites.shapeRule()),
      ...transportDrafts(e, version, sites.shapeRule(), api),
      ...(api === 'engine'
        ? [
            ...streamDrafts(e, version, inVersion, sites, known),
            ...deletedDrafts(e, version, inVersion, sites),
            ...refusedDrafts(e, version, inVersion, sites),
            ...placeholderDrafts(e, version, inVersion, sites),
          ]
        : []),
    ];
  });
  const effects =
    api === 'engine'
      ? [...effectDrafts(version, sites, schemas), ...eventDrafts(version, versionRequirements), ...cellDrafts(endpoints, version)]
      : [
          ...cloudDrafts(endpoints, versionRequirements, sites, version),
          ...cloudStreamDrafts(
            loadEndpoints(api).filter((e) => inVersion(e.versions)),
            version,
          ),
        ];
  return [...drafts, ...effects].map((d) => {
    const id = `${suite}:${d.operator}@${d.spec.endpoint} ${d.atom}`;
    const allowed = allowedVariations().reasonFor(id);
    return {
      id,
      operator: d.operator,
      site: { suite, endpoint: d.spec.endpoint, atom: d.atom },
      spec: d.spec,
      requirements: d.requirements,
      legal: d.operator.startsWith('legal/') || allowed !== undefined,
      description: allowed ? `${d.description} (a variation the spec allows: ${allowed})` : d.description,
    };
  });
}

/**
 * A cloud list's fields: its `objects` list (the envelope around it is "not shown"), then each
 * field of an object of the list.
 */
function enveloped(item: SchemaField[], e: Endpoint): SchemaField[] {
  const list: SchemaField = {
    path: ['objects'],
    types: ['array'],
    id: false,
    map: false,
    documentedObject: false,
    ordered: /order/i.test(e.summary),
    zeroAllowed: true,
  };
  return [list, ...item.map((f) => ({ ...f, path: ['objects', '[]', ...f.path] }))];
}

function legal(e: Endpoint, version: string, op: LegalOp, status: number | undefined, rule: string, paths?: JsonPath[]): Draft {
  return {
    operator: `legal/${op}`,
    atom: status === undefined ? op : `${status} ${op}`,
    spec: { kind: 'legal', endpoint: e.id, version, ...(status !== undefined ? { status } : {}), op, ...(paths ? { paths } : {}) },
    requirements: [rule],
    description: `${e.method} ${e.path}${status === undefined ? '' : ` ${status}`}: ${LEGAL_OPERATORS[op]}`,
  };
}

/**
 * The legal transport variations (header case, framing of the body, fragmentation) at every
 * endpoint. The cloud reference frames every answer with a Content-Length already, so
 * `legal/content-length` (which only changes chunked answers) has no site there.
 */
function transportDrafts(e: Endpoint, version: string, rule: string, api: string): Draft[] {
  const ops = (Object.keys(TRANSPORT_OPERATORS) as TransportOp[]).filter((op) => api === 'engine' || op !== 'content-length');
  return ops.map((op) => legal(e, version, op, undefined, rule));
}

/**
 * The legal operators of one documented answer: key order, extra fields, list order where none is
 * stated, another envelope around a cloud list (its envelope is "not shown"), time digits.
 */
function legalAnswers(e: Endpoint, version: string, status: number, fields: SchemaField[], rule: string, spelled: (p: JsonPath) => JsonPath): Draft[] {
  if (status >= 400) return [];
  const objects = fields.filter((f) => f.documentedObject && !f.map).map((f) => spelled(f.path));
  const root = fields[0]!;
  const lists = root.types.includes('array') && !root.ordered && !/order/i.test(e.summary) ? [spelled(root.path)] : [];
  return [
    legal(e, version, 'keys-reordered', status, rule),
    ...(objects.length ? [legal(e, version, 'extra-field', status, rule, objects)] : []),
    ...(lists.length ? [legal(e, version, 'list-reordered', status, rule, lists)] : []),
    ...(root.path[0] === 'objects' ? [legal(e, version, 'list-envelope', status, rule)] : []),
    ...(fields.some((f) => f.time === 'timestamp') ? [legal(e, version, 'fraction-digits', status, rule)] : []),
  ];
}

function queryDrafts(e: Endpoint, base: { endpoint: string; version: string }, sites: SiteRequirements): Draft[] {
  return e.query.flatMap((q): Draft[] => {
    if (q.versions && !q.versions.includes(base.version)) return [];
    const requirements = sites.ofParam(e.id, q.name);
    const ignored: Draft = {
      operator: 'request/query-ignored',
      atom: `?${q.name}`,
      spec: { kind: 'query-ignored', ...base, param: q.name },
      requirements,
      description: `${e.method} ${e.path} ignores its query parameter '${q.name}' (as if it had not been sent)`,
    };
    const other = otherDefault(q, e.id.startsWith('cloud/') ? 'cloud' : 'engine');
    const replaced: Draft[] =
      other === undefined
        ? []
        : [
            {
              operator: 'request/query-default-replaced',
              atom: `?${q.name} default`,
              spec: { kind: 'query-default', ...base, param: q.name, value: other },
              requirements,
              description: `${e.method} ${e.path} takes '${q.name}' left out as ${other} (the stated default is ${String(q.default)})`,
            },
          ];
    const misread = q.type === 'boolean' ? BOOLEAN_MISREADINGS[e.id.startsWith('cloud/') ? 'cloud' : 'engine'] : [];
    const booleans = misread.map(({ spelling, readAs }) => ({
      operator: 'request/boolean-misread',
      atom: `?${q.name}=${spelling}`,
      spec: { kind: 'boolean-misread', ...base, param: q.name, spelling, readAs } as const,
      requirements,
      description: `${e.method} ${e.path} reads ${q.name}=${spelling} as ${readAs}`,
    }));
    const filters = filterKeys(q, base.version).map((key) => ({
      operator: 'request/filter-key-ignored',
      atom: `?filters ${key}`,
      spec: { kind: 'filter-key-ignored', ...base, key } as const,
      requirements: sites.ofParam(e.id, key),
      description: `${e.method} ${e.path} ignores the filter key '${key}'`,
    }));
    return [ignored, ...replaced, ...booleans, ...filters];
  });
}

/**
 * Each field of a JSON request body, at any depth (inside list items `[]` and map values `{}` too),
 * not stored, and replaced by its type's zero.
 */
function bodyDrafts(e: Endpoint, base: { endpoint: string; version: string }, sites: SiteRequirements, schemas: SchemaFields): Draft[] {
  const body = e.requestBody;
  if (!body?.schema || (body.versions && !body.versions.includes(base.version))) return [];
  const fields = schemas.fields(body.schema).filter((f) => f.path.length >= 1 && f.path.at(-1) !== '[]' && f.path.at(-1) !== '{}');
  return fields.flatMap((f) =>
    (['not-stored', 'default'] as const).map((op) => ({
      operator: op === 'not-stored' ? 'request/body-field-not-stored' : 'request/body-field-default',
      atom: `body ${f.path.join('.')}`,
      spec: { kind: 'body-field', ...base, path: f.path, op } as const,
      requirements: sites.ofBodyPath(e.id, f.path),
      description: `${e.method} ${e.path} ${op === 'not-stored' ? 'ignores' : 'replaces by its zero value'} the request field ${f.path.join('.')}`,
    })),
  );
}

/** A mutating operation answered with its bodiless success code, and not applied. */
function notAppliedDrafts(e: Endpoint, base: { endpoint: string; version: string }, responses: ResponseSpec[], sites: SiteRequirements): Draft[] {
  return responses
    .filter((r) => isSuccess(r.status) && !r.schema && !takesOver(e, r.status))
    .map((r) => ({
      operator: 'operation/not-applied',
      atom: `applied ${r.status}`,
      spec: { kind: 'not-applied', ...base, status: r.status } as const,
      requirements: sites.ofStatus(e.id, r.status, 'codes'),
      description: `${e.method} ${e.path} answers ${r.status} and does nothing`,
    }));
}

/**
 * Each event kind the catalog lists (`<type> event kinds: a, b, c.` of engine/events/<type>-kinds-<version>)
 * left out of the events stream, and sent under another name.
 */
function eventDrafts(version: string, requirements: readonly Requirement[]): Draft[] {
  const endpoint = 'engine/system/events';
  return requirements.flatMap((r) => {
    const m = new RegExp(`^engine/events/([a-z]+)-kinds-${version.replace('.', '\\.')}$`).exec(r.id);
    const kinds = m ? (/kinds: (.*)\.$/.exec(r.statement)?.[1]?.split(', ') ?? []) : [];
    return kinds.flatMap((action) =>
      (['not-emitted', 'renamed'] as const).map((op) => ({
        operator: `event/${op}`,
        atom: `${m![1]} ${action}`,
        spec: { kind: 'event', endpoint, version, type: m![1]!, action, op } as const,
        requirements: [r.id],
        description: `the ${m![1]} event ${action} is ${op === 'not-emitted' ? 'never emitted' : 'emitted under another name'}`,
      })),
    );
  });
}

/**
 * The engine's create fields with a stated effect: stored and echoed as sent, but the container runs
 * without the effect; and those that mount storage, mounted as stated but on storage of its own.
 * Only fields the version's create body has (1.18 has no GroupAdd, Tmpfs, CpuQuota...).
 */
function effectDrafts(version: string, sites: SiteRequirements, schemas: SchemaFields): Draft[] {
  const endpoint = 'engine/containers/create';
  const inBody = new Set(
    schemas
      .fields('container-create-request')
      .filter((f) => f.path.length === 1 || (f.path.length === 2 && f.path[0] === 'HostConfig'))
      .map((f) => f.path.at(-1)!),
  );
  const notApplied = EFFECT_FIELDS.filter((field) => inBody.has(field)).map((field) => ({
    operator: 'request/effect-not-applied',
    atom: `effect ${field}`,
    spec: { kind: 'fault', endpoint, version, fault: `field-ignored:${field}` } as const,
    requirements: sites.ofBodyField(endpoint, field),
    description: `create stores ${field} (inspect echoes it) but the container runs without its effect`,
  }));
  const detached = STORAGE_FIELDS.map((field) => ({
    operator: 'request/storage-detached',
    atom: `storage ${field}`,
    spec: { kind: 'fault', endpoint, version, fault: storageDetached(field) } as const,
    requirements: sites.ofBodyField(endpoint, field),
    description: `${field} mounts at the stated destination and mode, but each container gets an empty directory of its own, not the storage named`,
  }));
  return [...notApplied, ...detached];
}
