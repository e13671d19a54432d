import type { HttpResponse } from '../target/http-transport.ts';
import { readPage } from '../protocol/cloud-lists.ts';

/** How much of an answer's text the probe quotes. */
const QUOTED_CHARS = 80;

/**
 * An answer in a few words, for the one line a failed probe says: its status, Content-Type and
 * Server, and the title of an HTML page or the start of any other body.
 */
export function describeAnswer(res: HttpResponse): string {
  const type = res.headers['content-type'] ?? 'no Content-Type';
  const server = res.headers['server'] ? ` from ${res.headers['server']}` : '';
  return `${res.status} (${type})${server}${quoted(res.text())}`;
}

function quoted(text: string): string {
  const cut = (t: string) => (t.length > QUOTED_CHARS ? `${t.slice(0, QUOTED_CHARS)}…` : t);
  const title = /<title[^>]*>([^<]*)<\/title>/i.exec(text)?.[1];
  if (title !== undefined) return `, an HTML page titled "${cut(title.replace(/\s+/g, ' ').trim())}"`;
  const shown = text.replace(/\s+/g, ' ').trim();
  return shown ? `: "${cut(shown)}"` : ', an empty body';
}

/**
 * Why a provider list is not the documented JSON, or undefined when it is: a JSON list (bare or
 * enveloped) of objects, each with its string `name` and a `resource_uri` under the provider list.
 */
export function notProviders(res: HttpResponse): string | undefined {
  if (!/\bjson\b/i.test(res.headers['content-type'] ?? '')) return ', not JSON';
  const page = readPage(res.text());
  if (!page) return ', JSON that is not a list';
  const stray = page.objects.find((item) => !isProvider(item));
  if (stray !== undefined) return `, a list whose item ${JSON.stringify(stray).slice(0, QUOTED_CHARS)} is not a provider`;
  return undefined;
}

function isProvider(item: unknown): boolean {
  const p = item as { name?: unknown; resource_uri?: unknown } | null;
  return typeof p?.name === 'string' && typeof p.resource_uri === 'string' && p.resource_uri.includes('/provider/');
}
