/**
 * The headers the catalog names, as atoms of both APIs: each response header a documented answer
 * carries, withheld from that answer (`answer/header-absent`); each request header an endpoint
 * reads, ignored (`request/header-ignored`: the endpoint acts as if the client had not sent it).
 */
import type { Endpoint } from '../catalog/types.ts';
import type { Draft } from './generate.ts';
import type { SiteRequirements } from './site-requirements.ts';

/** Headers whose rule is a general one of the API, not the answer's own code rule. */
const GENERAL_RULES: Readonly<Record<string, string>> = {
  'X-Vendor-Action-URI': 'cloud/actions/header-on-creating-responses',
};

export function headerDrafts(e: Endpoint, version: string, inVersion: (versions?: string[]) => boolean, sites: SiteRequirements): Draft[] {
  const withheld = e.responses
    .filter((r) => inVersion(r.versions))
    .flatMap((r) =>
      (r.headers ?? []).map((header) => ({
        operator: 'answer/header-absent',
        atom: `${r.status} header ${header}`,
        spec: { kind: 'header-withheld', endpoint: e.id, version, status: r.status, header } as const,
        requirements: GENERAL_RULES[header] ? [GENERAL_RULES[header]] : sites.ofStatus(e.id, r.status, 'codes'),
        description: `${e.method} ${e.path} answers ${r.status} without its ${header} header`,
      })),
    );
  const ignored = (e.requestHeaders ?? []).map((h) => ({
    operator: 'request/header-ignored',
    atom: `header ${h.name}`,
    spec: { kind: 'header-ignored', endpoint: e.id, version, header: h.name } as const,
    requirements: [h.requirement],
    description: `${e.method} ${e.path} ignores the ${h.name} request header (${h.description})`,
  }));
  return [...withheld, ...ignored];
}
