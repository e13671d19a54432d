/**
 * The JSON object streams of build, create (pull/import), push and load (spec: "a sequence of JSON
 * objects in the body of a 200 response"), read with the suite's own decoder
 * (harness/protocol/json-stream.ts) and every object validated against the endpoint's schema.
 */
import { decodeJsonStream } from '../../../harness/protocol/json-stream.ts';
import { inStreamError, type StreamError } from '../../../harness/protocol/stream-error.ts';
import type { HttpResponse } from '../../../harness/target/http-transport.ts';
import type { RequirementRef } from '../../../harness/check/signals.ts';
import type { EngineContext } from './context.ts';

export type StreamObject = Record<string, unknown>;

/** `build-stream-object` for build, `progress-object` for create and push. */
export type StreamSchema = 'build-stream-object' | 'progress-object';

export interface ObjectStream {
  objects: StreamObject[];
  /** The in-stream error objects, in order. */
  errors: StreamError[];
  /** The `stream` texts joined (build output). */
  text: string;
}

/** Decodes a body as a stream of JSON objects; stream-level violations fail the check. */
export function decodeObjects(ctx: EngineContext, res: HttpResponse, what: string, requirement = 'engine/service/json-object-streams'): StreamObject[] {
  const { values, diagnostics } = decodeJsonStream([res.body]);
  const violations = diagnostics.filter((d) => d.severity === 'violation');
  for (const d of diagnostics.filter((x) => x.severity !== 'violation')) ctx.observe(`${what}: ${d.message}`);
  if (violations.length) {
    ctx.fail(`${what}: the body is not a sequence of JSON objects: ${violations.map((d) => d.message).join('; ')}`, {
      expected: 'newline-separated JSON objects',
      actual: res.text().slice(0, 400),
      requirement,
    });
  }
  return values as StreamObject[];
}

/**
 * A 200 answer with a stream of objects, shapes not judged: for checks whose rule is about the
 * request (credentials, parameters), so a departure in the stream's shape is reported once, by
 * the check of the stream's own rule, not again under theirs.
 */
export function expectAcceptedStream(ctx: EngineContext, res: HttpResponse, what: string, requirement: string): ObjectStream {
  ctx.expectStatus(res, 200, what, requirement);
  return summarize(decodeObjects(ctx, res, what));
}

/** The rule of the progress, stream and error objects' shapes (spec: Resources > Image resources). */
export const PROGRESS_OBJECTS = 'engine/images/progress-objects';

/**
 * A 200 answer whose body is a stream of objects each valid against `schema`; a shape that is not
 * names `shapes` (the check's rule, and the object rule when the check claims it).
 */
export function expectObjectStream(
  ctx: EngineContext,
  res: HttpResponse,
  schema: StreamSchema,
  what: string,
  requirement: string,
  shapes: RequirementRef = requirement,
): ObjectStream {
  const stream = expectAcceptedStream(ctx, res, what, requirement);
  stream.objects.forEach((object, i) => ctx.expectVersionSchema(schema, object, `${what}, object ${i + 1} of ${stream.objects.length}`, shapes));
  return stream;
}

/**
 * A 200 answer with a stream of objects whose shapes are only noted: for checks that use the
 * stream to reach their subject (an image to build on), so an object the schema does not list is
 * judged once, by the stream's own check, and is a note here.
 */
export function expectStreamShapesNoted(ctx: EngineContext, res: HttpResponse, schema: StreamSchema, what: string, requirement: string): ObjectStream {
  const stream = expectAcceptedStream(ctx, res, what, requirement);
  stream.objects.forEach((object, i) => {
    const problems = ctx.base.schemas.validate(ctx.schemaSet, schema, object).filter((f) => f.kind === 'problem');
    if (problems.length)
      ctx.observe(
        `${what}, object ${i + 1} of ${stream.objects.length} is not a documented '${schema}' ` +
          `(judged by the stream's own check): ${JSON.stringify(object).slice(0, 160)}`,
      );
  });
  return stream;
}

export function summarize(objects: StreamObject[]): ObjectStream {
  const errors = objects.map(inStreamError).filter((e): e is StreamError => e !== undefined);
  const text = objects.map((o) => (typeof o.stream === 'string' ? o.stream : '')).join('');
  return { objects, errors, text };
}

/** The stream carries no error object (the operation succeeded). */
export function expectNoStreamError(ctx: EngineContext, stream: ObjectStream, what: string, requirement: string): void {
  if (stream.errors.length) {
    ctx.fail(`${what}: the stream reports an error: ${stream.errors.map((e) => e.message).join('; ')}`, {
      expected: 'no {error} object',
      actual: stream.errors,
      requirement,
    });
  }
}

/**
 * The stream carries an error object, anywhere in it (the spec does not say an error ends the
 * stream: a cleanup line may follow it); returns the last one with the object that carried it.
 */
export function expectStreamError(ctx: EngineContext, stream: ObjectStream, what: string, requirement: string): { error: StreamError; object: StreamObject } {
  const object = stream.objects.findLast((o) => inStreamError(o) !== undefined);
  if (!object)
    ctx.fail(`${what}: the stream carries no {error} object`, {
      expected: '{error S, ...} among the objects',
      actual: stream.objects.slice(-3),
      requirement,
    });
  return { error: inStreamError(object)!, object: object! };
}

/**
 * Whether an answer refuses its request: an error status, or a 200 whose body is a stream of JSON
 * objects holding an {error S} (for endpoints whose 200 body the spec does not fix).
 */
export function isRefusal(res: HttpResponse): boolean {
  if (res.status >= 400) return true;
  return res.status === 200 && decodeJsonStream([res.body]).values.some((v) => typeof (v as { error?: unknown } | null)?.error === 'string');
}
