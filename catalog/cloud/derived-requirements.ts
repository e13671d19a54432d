/**
 * Requirements that follow mechanically from other data: one per (state, operation) cell of every
 * state table, and one per filter of every list endpoint. They are written to
 * requirements/states.json and requirements/filters.json by write-derived.ts; a test checks the
 * files still equal what these functions produce.
 */
import type { Endpoint, QueryParam, Requirement } from '../../harness/catalog/types.ts';
import { stateSlug, type StateTable } from './state-tables.ts';

const VERSIONS = ['v1'];

export function stateRequirements(tables: StateTable[]): Requirement[] {
  return tables.flatMap((table) => [
    ...table.states.flatMap((row) =>
      Object.entries(table.operations).map(([op, endpoint]) => ({
        ...cellRequirement(table, row.state, op, endpoint, row.allowed.includes(op), row.transitional === true),
        ...(row.unreachable ? { uncoveredReason: row.unreachable } : {}),
      })),
    ),
    ...Object.entries(table.outsideTable ?? {}).map(([op, why]) => outsideTableRequirement(table, op, why)),
  ]);
}

function cellRequirement(table: StateTable, state: string, op: string, endpoint: string, allowed: boolean, transitional: boolean): Requirement {
  const ambiguity = table.ambiguous?.find((a) => a.state === state && a.operation === op);
  const allows = ambiguity ? ambiguity.decision === 'allows' : allowed;
  const brief = transitional ? ` (${state} is transitional: reachable only briefly while work runs)` : '';
  const effect = allows
    ? `${op} is allowed: it is accepted and takes effect`
    : `${op} is not allowed: it is refused (an HTTP error code, or an action that ends Failed) and changes nothing`;
  return {
    id: `cloud/states/${table.resource}/${stateSlug(state)}-${allows ? 'allows' : 'rejects'}-${op}`,
    section: table.section,
    statement: `In state ${state}${brief}, ${effect}.${ambiguity ? ` Ambiguous: ${ambiguity.reason}.` : ''}`,
    versions: VERSIONS,
    level: ambiguity ? ambiguity.level : 'required',
    ...(ambiguity?.level === 'recommended'
      ? { levelReason: `The spec is ambiguous here (${ambiguity.reason}): the suite's reading is graded a warning.` }
      : {}),
    endpoint,
  };
}

function outsideTableRequirement(table: StateTable, op: string, why: string): Requirement {
  return {
    id: `cloud/states/${table.resource}/${op}-not-in-table`,
    section: table.section,
    statement: `The state table does not say in which states ${op} is allowed: ${why}. Observed only.`,
    versions: VERSIONS,
    level: 'informational',
    endpoint: `cloud/${table.resource}/${op}`,
  };
}

/** Query parameters of list endpoints that are not filters of their own. */
const NOT_FILTERS = new Set(['limit', 'offset', 'include_related']);

export function filterRequirements(endpoints: Endpoint[]): Requirement[] {
  return endpoints.filter((e) => e.id.endsWith('/list')).flatMap((e) => e.query.filter((p) => !NOT_FILTERS.has(p.name)).map((p) => filterRequirement(e, p)));
}

function filterRequirement(endpoint: Endpoint, param: QueryParam): Requirement {
  const values = param.enum ? ` Accepted values: ${param.enum.join(', ')}.` : '';
  return {
    id: `${endpoint.id}/filter-${param.name.replace(/_+/g, '-')}`,
    section: endpoint.section,
    statement: `Query \`${param.name}\` on ${endpoint.method} ${endpoint.path} returns ${param.description}.${values}`,
    versions: VERSIONS,
    level: 'required',
    endpoint: endpoint.id,
  };
}
