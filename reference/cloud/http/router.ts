/**
 * The route table. Templates: `[ns/]` is the optional namespace segment, `{name}` one path
 * segment, `{name*}` one or more segments (repository names hold slashes). Paths are matched
 * with a trailing `/`, so both spellings reach the same route.
 */
import type { Handler } from './types.ts';

export interface RouteOptions {
  /** The operation name of the action the call records (e.g. `Service Start`); none for reads. */
  action?: string;
}

interface Route<H> {
  method: string;
  pattern: RegExp;
  handler: H;
  action?: string;
}

export type RouteMatch<H = Handler> = { route: Route<H>; params: Record<string, string> };

function compile(template: string): RegExp {
  const source = template
    .split(/(\[ns\/\]|\{[a-z_]+\*?\})/)
    .map((part) => {
      if (part === '[ns/]') return '(?:(?<ns>[^/]+)/)?';
      const param = /^\{([a-z_]+)(\*?)\}$/.exec(part);
      if (param) return param[2] ? `(?<${param[1]}>.+?)` : `(?<${param[1]}>[^/]+)`;
      return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
    })
    .join('');
  return new RegExp(`^${source}$`);
}

/** REST handlers by default; the Stream API keeps its own table of stream handlers. */
export class RouteTable<H = Handler> {
  private readonly routes: Route<H>[] = [];

  add(method: string, template: string, handler: H, opts: RouteOptions = {}): void {
    const normalized = template.endsWith('/') ? template : `${template}/`;
    this.routes.push({ method, pattern: compile(normalized), handler, action: opts.action });
  }

  /** The route for a method and path, 'method-not-allowed' when only the method is wrong. */
  match(method: string, path: string): RouteMatch<H> | 'method-not-allowed' | undefined {
    let pathKnown = false;
    for (const route of this.routes) {
      const m = route.pattern.exec(path);
      if (!m) continue;
      pathKnown = true;
      if (route.method !== method) continue;
      return { route, params: decodeParams(m.groups ?? {}) };
    }
    return pathKnown ? 'method-not-allowed' : undefined;
  }
}

function decodeParams(groups: Record<string, string | undefined>): Record<string, string> {
  const params: Record<string, string> = {};
  for (const [k, v] of Object.entries(groups)) if (v !== undefined) params[k] = decodeURIComponent(v);
  return params;
}

export function withTrailingSlash(path: string): string {
  return path.endsWith('/') ? path : `${path}/`;
}
