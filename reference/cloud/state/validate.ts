/** Reading request fields: each reader throws 400 naming the field when the type is wrong. */
import { badRequest } from '../http/errors.ts';

export type Fields = Record<string, unknown>;

export function optString(body: Fields, key: string): string | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'string') throw badRequest(`${key} must be a string`);
  return v;
}

export function reqString(body: Fields, key: string): string {
  const v = optString(body, key);
  if (v === undefined || v === '') throw badRequest(`${key} is required`);
  return v;
}

export function optBool(body: Fields, key: string): boolean | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'boolean') throw badRequest(`${key} must be a boolean`);
  return v;
}

export function optInt(body: Fields, key: string, min = 0): number | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'number' || !Number.isInteger(v) || v < min) throw badRequest(`${key} must be an integer >= ${min}`);
  return v;
}

/** `ignoreCase`: blind6-service-restart-policy-case-insensitive (a value in another case is taken as the listed one). */
export function optEnum<T extends string>(body: Fields, key: string, allowed: readonly T[], ignoreCase = false): T | undefined {
  const v = optString(body, key);
  if (v === undefined) return undefined;
  const listed = ignoreCase ? allowed.find((a) => a.toLowerCase() === v.toLowerCase()) : undefined;
  if (listed !== undefined) return listed;
  if (!(allowed as readonly string[]).includes(v)) throw badRequest(`${key} must be one of ${allowed.join(', ')}`);
  return v as T;
}

export function optStringList(body: Fields, key: string): string[] | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'string')) throw badRequest(`${key} must be a list of strings`);
  return v as string[];
}

export function optList(body: Fields, key: string): Fields[] | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v) || v.some((x) => typeof x !== 'object' || x === null || Array.isArray(x))) {
    throw badRequest(`${key} must be a list of objects`);
  }
  return v as Fields[];
}

export function optObject(body: Fields, key: string): Fields | undefined {
  const v = body[key];
  if (v === undefined || v === null) return undefined;
  if (typeof v !== 'object' || Array.isArray(v)) throw badRequest(`${key} must be an object`);
  return v as Fields;
}

/** Tags as `[{"name": ...}]`, or as `["name", ...]` when `acceptStrings` (one client sends them so). */
export function optTags(body: Fields, acceptStrings = true): string[] | undefined {
  const v = body.tags;
  if (v === undefined || v === null) return undefined;
  if (!Array.isArray(v)) throw badRequest('tags must be a list of {"name": ...} objects');
  return v.map((t: unknown) => {
    if (typeof t === 'string' && acceptStrings) return t;
    const name = (t as { name?: unknown } | null)?.name;
    if (typeof t === 'object' && typeof name === 'string') return name;
    throw badRequest('tags must be a list of {"name": ...} objects');
  });
}

export const tagsJson = (tags: readonly string[]): { name: string }[] => tags.map((name) => ({ name }));
