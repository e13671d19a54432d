/**
 * The stream operators at every stream endpoint the catalog names: an endpoint with a `101`, a
 * raw-stream (multiplexed) answer, a JSON-stream answer, or a WebSocket path. Which operators fit
 * follows from what the catalog says the endpoint answers; nothing here knows a check.
 */
import type { Endpoint } from '../catalog/types.ts';
import { STREAM_OPERATORS } from './apply-stream.ts';
import type { Draft } from './generate.ts';
import type { SiteRequirements } from './site-requirements.ts';
import type { StreamOp } from './types.ts';

/** What the catalog says an endpoint's stream answer is. */
export interface StreamShape {
  /** A multiplexed raw stream (8-byte frame headers when the container has no tty). */
  framed: boolean;
  /** A `101` the client gets when it asks to upgrade: a hijacked connection. */
  upgrades: boolean;
  /** A sequence of JSON objects. */
  jsonStream: boolean;
  /** A WebSocket (its handshake is the WebSocket library's). */
  webSocket: boolean;
  /** The stream's answer names a Content-Type. */
  typed: boolean;
  /** The status of the stream answer. */
  status: number;
}

export function streamShape(e: Endpoint, inVersion: (versions?: string[]) => boolean): StreamShape | undefined {
  const responses = e.responses.filter((r) => inVersion(r.versions));
  const raw = responses.filter((r) => /raw-stream/.test(r.contentType ?? ''));
  const json = responses.filter((r) => r.jsonStream);
  const shape: StreamShape = {
    framed: raw.length > 0,
    upgrades: responses.some((r) => r.status === 101),
    jsonStream: json.length > 0,
    webSocket: e.path.endsWith('/ws'),
    typed: raw.length > 0 || json.length > 0,
    status: responses.some((r) => r.status === 101) ? 101 : 200,
  };
  return shape.framed || shape.upgrades || shape.jsonStream || shape.webSocket ? shape : undefined;
}

/** The operators that fit a stream shape. */
export function streamOps(shape: StreamShape): StreamOp[] {
  return [
    ...(shape.framed ? (['size-little-endian', 'type-swapped', 'type-undocumented', 'reserved-nonzero'] as const) : []),
    'last-frame-lost',
    ...(shape.webSocket ? [] : (['headers-withheld'] as const)),
    'never-ends',
    'ends-early',
    ...(shape.typed ? (['wrong-content-type'] as const) : []),
    ...(shape.upgrades ? (['upgrade-header-missing', 'status-200-for-101'] as const) : []),
  ];
}

/** The rules of the stream format each operator breaks, before the endpoint's own rules. */
const STREAM_RULES: Partial<Record<StreamOp, string[]>> = {
  'size-little-endian': ['engine/stream/frame-size-big-endian', 'engine/stream/frame-header'],
  'type-swapped': ['engine/stream/frame-stream-type', 'engine/stream/stdout-stderr-separated'],
  'type-undocumented': ['engine/stream/frame-stream-type'],
  'reserved-nonzero': ['engine/stream/frame-reserved-zero'],
  'last-frame-lost': ['engine/stream/frames-contiguous'],
  'upgrade-header-missing': ['engine/stream/hijack-101-headers'],
  'status-200-for-101': ['engine/stream/hijack-101-headers'],
};

export function streamDrafts(
  e: Endpoint,
  version: string,
  inVersion: (versions?: string[]) => boolean,
  sites: SiteRequirements,
  known: ReadonlySet<string>,
): Draft[] {
  const shape = streamShape(e, inVersion);
  if (!shape) return [];
  const own = sites.ofStatus(e.id, shape.status, 'shape');
  return streamOps(shape).map((op) => ({
    operator: `stream/${op}`,
    atom: `stream ${op}`,
    spec: { kind: 'stream', endpoint: e.id, version, op },
    requirements: [...new Set([...(STREAM_RULES[op] ?? []).filter((id) => known.has(id)), ...own])],
    description: `${e.method} ${e.path}: ${STREAM_OPERATORS[op]}`,
  }));
}
