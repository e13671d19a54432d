/**
 * The protocol verifiers: pure functions and streaming decoders, no I/O. Import them to verify
 * your own streams (`container-api-conformance/protocol`). Every verifier reports problems as
 * diagnostics ({code, message, severity, offset?}) and never throws on bad input.
 */
export * from './diagnostic.ts';
export * from './frame-header.ts';
export * from './frame-summary.ts';
export * from './frames.ts';
export * from './tty.ts';
export * from './filters.ts';
export * from './booleans.ts';
export * from './version.ts';
export * from './names.ts';
export * from './detach-keys.ts';
export * from './base64-json.ts';
export * from './registry-auth.ts';
export * from './path-stat.ts';
export * from './json-stream.ts';
export * from './stream-error.ts';
export * from './restart-backoff.ts';
export * from './query.ts';
