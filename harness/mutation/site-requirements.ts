/**
 * Which requirements an atom belongs to, read off the catalog's requirement ids, which name their
 * endpoint and atom: `<endpoint>/<status>-…` for a code and its answer, `<endpoint>/query-<param>…`
 * for a query parameter, `<endpoint>/body-<field>` or `…/host-config-<field>` for a request field.
 * An atom no requirement names belongs to the general rule of its kind (every answer's shape,
 * listed codes only), so every mutant sits at a requirement.
 */
import type { Api, Requirement } from '../catalog/types.ts';

const squash = (text: string): string => text.toLowerCase().replace(/[^a-z0-9]/g, '');

/** The general rules, per API, an atom falls back to. */
const GENERAL: Record<Api, { shape: string; codes: string; query: string; body: string }> = {
  engine: {
    shape: 'engine/responses/shape-documented',
    codes: 'engine/errors/listed-codes-only',
    query: 'engine/query/boolean-true-spellings',
    body: 'engine/service/json-bodies',
  },
  cloud: {
    shape: 'cloud/responses/shape-documented',
    codes: 'cloud/errors/codes',
    query: 'cloud/responses/shape-documented',
    body: 'cloud/http/json-responses',
  },
};

export class SiteRequirements {
  private readonly byEndpoint = new Map<string, string[]>();

  constructor(
    private readonly api: Api,
    requirements: readonly Requirement[],
  ) {
    for (const r of requirements) {
      const endpoint = r.endpoint ?? r.id.split('/').slice(0, 3).join('/');
      this.byEndpoint.set(endpoint, [...(this.byEndpoint.get(endpoint) ?? []), r.id]);
    }
  }

  /** The rules of a documented code of the endpoint (its answer's shape among them), else the general ones. */
  ofStatus(endpoint: string, status: number, fallback: 'shape' | 'codes'): string[] {
    const own = this.tails(endpoint).filter(({ tail }) => tail.startsWith(`${status}-`));
    return own.length ? own.map((t) => t.id) : [GENERAL[this.api][fallback]];
  }

  /** The rules about a query parameter, or a filter key of `filters`, else the general rule of the parameters. */
  ofParam(endpoint: string, param: string): string[] {
    const own = this.named(endpoint, ['query-', 'filter-', 'filters-'], param);
    return own.length ? own : [GENERAL[this.api].query];
  }

  /** The rules about a request field (top level or HostConfig), else the general rule of request bodies. */
  ofBodyField(endpoint: string, field: string): string[] {
    const own = this.named(endpoint, ['body-', 'host-config-', 'config-', ''], field);
    return own.length ? own : [GENERAL[this.api].body];
  }

  /**
   * The rules about a nested request field: those naming the field, else those naming the nearest
   * field that holds it (`HostConfig.Ulimits.[].Soft` belongs to Ulimits' rules), else the general rule.
   */
  ofBodyPath(endpoint: string, path: readonly string[]): string[] {
    const names = path.filter((p) => p !== '[]' && p !== '{}').reverse();
    for (const name of names.slice(0, -1)) {
      const own = this.named(endpoint, ['body-', 'host-config-', 'config-', ''], name);
      if (own.length) return own;
    }
    return this.ofBodyField(endpoint, names.at(-1) ?? '');
  }

  /** The rule every answer's shape follows: where the legal operators sit. */
  shapeRule(): string {
    return GENERAL[this.api].shape;
  }

  private tails(endpoint: string): Array<{ id: string; tail: string }> {
    return (this.byEndpoint.get(endpoint) ?? []).map((id) => ({ id, tail: id.slice(endpoint.length + 1) }));
  }

  /** Requirements whose tail is `<prefix><name>…`: the exact name first, then those that go on from it. */
  private named(endpoint: string, prefixes: string[], name: string): string[] {
    const wanted = squash(name);
    if (!wanted) return [];
    const matches = this.tails(endpoint).flatMap(({ id, tail }) => {
      const prefix = prefixes.find((p) => tail.startsWith(p));
      if (prefix === undefined) return [];
      const rest = squash(tail.slice(prefix.length));
      return rest === wanted ? [{ id, rank: 0 }] : rest.startsWith(wanted) && prefix !== '' ? [{ id, rank: 1 }] : [];
    });
    return matches.sort((a, b) => a.rank - b.rank).map((m) => m.id);
  }
}
