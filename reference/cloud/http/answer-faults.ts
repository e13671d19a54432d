/** The field-missing:<kind> faults: answers leave one documented field out of every object of that kind. */
import { fieldMissing, MISSING_FIELD } from '../fault-families.ts';
import { parseUri } from '../uris.ts';
import type { World } from '../world.ts';
import type { Reply } from './types.ts';

type Json = Record<string, unknown>;

/** The object without the faulted field of its kind (a copy: answers may be the stored objects themselves). */
function strip(world: World, value: unknown): unknown {
  if (!value || typeof value !== 'object' || Array.isArray(value)) return value;
  const kind = parseUri((value as Json).resource_uri)?.kind;
  const field = kind && world.faults.has(fieldMissing(kind)) ? world.spell(MISSING_FIELD[kind]!) : undefined;
  if (!field) return value;
  const { [field]: _dropped, ...rest } = value as Json;
  return rest;
}

export function withMissingFields(world: World, reply: Reply): Reply {
  const body = reply.body as Json | undefined;
  if (!body || typeof body !== 'object') return reply;
  if (Array.isArray(body.objects)) return { ...reply, body: { ...body, objects: body.objects.map((o) => strip(world, o)) } };
  return { ...reply, body: strip(world, body) };
}
