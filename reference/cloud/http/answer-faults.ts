/**
 * Faults applied to answers as they leave: field-missing:<kind> leaves one documented field out of
 * every object of that kind; service-uri-unversioned spells services' resource_uri without /v1/.
 */
import { keysOf } from '../../faults.ts';
import { fieldMissing, fieldMissingFault, MISSING_FIELD } from '../fault-families.ts';
import { parseUri } from '../uris.ts';
import type { World } from '../world.ts';
import type { Reply } from './types.ts';

type Json = Record<string, unknown>;

/** The object without the faulted field of its kind (a copy: answers may be the stored objects themselves). */
function strip(world: World, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const kind = parseUri((value as Json).resource_uri)?.kind;
  if (kind === 'service' && world.faults.has('service-uri-unversioned')) {
    return { ...(value as Json), resource_uri: String((value as Json).resource_uri).replace('/api/app/v1/', '/api/app/') };
  }
  const missing = kind ? fieldMissingFault(kind) : undefined;
  const field = missing && world.faults.has(missing.name) ? world.spell(missing.field) : undefined;
  if (!field) return value;
  const { [field]: _dropped, ...rest } = value as Json;
  return rest;
}

/** The faults this module applies: without one of them on, answers leave untouched (and uncopied). */
const ANSWER_FAULTS = ['service-uri-unversioned', ...keysOf(MISSING_FIELD).map(fieldMissing)] as const;
const answersFaulted = (world: World): boolean => ANSWER_FAULTS.some((name) => world.faults.has(name));

export function withMissingFields(world: World, reply: Reply): Reply {
  if (!answersFaulted(world)) return reply;
  const body = reply.body as Json | undefined;
  if (!body || typeof body !== 'object') return reply;
  if (Array.isArray(body.objects)) return { ...reply, body: { ...body, objects: body.objects.map((o) => strip(world, o)) } };
  return { ...reply, body: strip(world, body) };
}
