/**
 * Errors inside a streamed response (spec, Errors): JSON objects `{error S}`; for build also
 * `errorDetail {code I, message S}`. Progress and stats objects never carry those keys.
 */
import { isJsonObject } from './json-value.ts';

export interface StreamError {
  /** errorDetail.message when present, else error. */
  message: string;
  code?: number;
  /** Which of the two keys the object carried. */
  has: { error: boolean; errorDetail: boolean };
}

/** The error an in-stream object reports, or undefined when it is not an error object. */
export function inStreamError(value: unknown): StreamError | undefined {
  if (!isJsonObject(value)) return undefined;
  const hasError = Object.hasOwn(value, 'error');
  const hasDetail = Object.hasOwn(value, 'errorDetail');
  if (!hasError && !hasDetail) return undefined;
  const detail = isJsonObject(value['errorDetail']) ? value['errorDetail'] : {};
  const detailMessage = typeof detail['message'] === 'string' ? detail['message'] : undefined;
  const errorText = typeof value['error'] === 'string' ? value['error'] : undefined;
  const message = detailMessage ?? errorText ?? JSON.stringify(value);
  const code = typeof detail['code'] === 'number' ? detail['code'] : undefined;
  const has = { error: hasError, errorDetail: hasDetail };
  return code === undefined ? { message, has } : { message, code, has };
}
