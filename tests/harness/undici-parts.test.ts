import { createRequire } from 'node:module';
import { describe, expect, test } from 'vitest';

// harness/target/http-transport.ts loads undici's pool and request alone (its index costs ~90 ms
// of CPU per process), falling back to the index should they move: this notices when they do.
describe("undici's parts the transport loads", () => {
  test('are where the transport looks for them', () => {
    const requireHere = createRequire(import.meta.url);
    const undici = requireHere('undici') as { Pool: { prototype: { request: unknown } } };
    expect(requireHere('undici/lib/dispatcher/pool.js')).toBe(undici.Pool);
    expect(requireHere('undici/lib/api/api-request.js')).toBe(undici.Pool.prototype.request);
  });
});
