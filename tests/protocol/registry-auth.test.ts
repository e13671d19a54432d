import fc from 'fast-check';
import { describe, expect, test } from 'vitest';
import {
  decodeRegistryAuth,
  encodeBase64Json,
  decodeRegistryConfig,
  encodeRegistryAuth,
  encodeRegistryConfig,
  type LoginAuthConfig,
} from '../../harness/protocol/index.ts';

const text = fc.string({ unit: 'binary', maxLength: 20 });
const login: fc.Arbitrary<LoginAuthConfig> = fc.record(
  { username: text, password: text, email: text, serveraddress: text },
  { requiredKeys: ['username', 'password', 'email'] },
);
const codes = (d: ReadonlyArray<{ code: string }>): string[] => d.map((x) => x.code);
const b64 = (value: string): string => Buffer.from(value).toString('base64');

describe('X-Registry-Auth', () => {
  test('login and token configs round-trip, in either alphabet', () => {
    fc.assert(
      fc.property(login, fc.constantFrom('standard', 'url-safe') as fc.Arbitrary<'standard' | 'url-safe'>, (auth, alphabet) => {
        const decoded = decodeRegistryAuth(encodeRegistryAuth(auth, alphabet));
        expect(decoded.value).toEqual({ form: 'login', config: auth });
        expect(decoded.diagnostics.filter((d) => d.severity === 'violation')).toEqual([]);
      }),
    );
    fc.assert(
      fc.property(text, (token) => {
        expect(decodeRegistryAuth(encodeRegistryAuth({ registrytoken: token }))).toEqual({
          value: { form: 'token', config: { registrytoken: token } },
          diagnostics: [],
        });
      }),
    );
  });

  test('the URL-safe alphabet is noted (the spec says base64)', () => {
    const header = encodeRegistryAuth({ username: '??>>', password: '~~~', email: '' }, 'url-safe');
    expect(header).toMatch(/[-_]/);
    expect(codes(decodeRegistryAuth(header).diagnostics)).toEqual(['unexpected-base64-alphabet']);
  });

  test.each([
    ['', 'empty-value'],
    ['e30*', 'not-base64'],
    ['e', 'not-base64'],
    ['+-==', 'mixed-base64-alphabets'],
    [b64('not json'), 'malformed-json'],
    [Buffer.from([0xff, 0xfe]).toString('base64'), 'not-utf8'],
    [b64('[1]'), 'not-an-object'],
    [b64('{"username":"u","password":1,"email":""}'), 'wrong-field-type'],
    [b64('{"username":"u","email":""}'), 'missing-field'],
    [b64('{"registrytoken":5}'), 'wrong-field-type'],
  ])('%s → %s', (header, code) => {
    expect(codes(decodeRegistryAuth(header).diagnostics)).toContain(code);
  });

  test('observations: {} (anonymous), no email, unknown fields, token mixed with login, no padding', () => {
    expect(codes(decodeRegistryAuth(b64('{}')).diagnostics)).toEqual(['empty-auth-config']);
    expect(codes(decodeRegistryAuth(b64('{"username":"u","password":"p"}')).diagnostics)).toEqual(['missing-email']);
    expect(codes(decodeRegistryAuth(b64('{"username":"u","password":"p","email":"","auth":""}')).diagnostics)).toEqual(['unknown-field']);
    expect(codes(decodeRegistryAuth(b64('{"registrytoken":"t","username":"u"}')).diagnostics)).toEqual(['mixed-auth-forms']);
    expect(codes(decodeRegistryAuth(b64('{"registrytoken":"t1"}').replace(/=+$/, '')).diagnostics)).toEqual(['base64-unpadded']);
  });

  test('a bad character is reported at its offset', () => {
    expect(decodeRegistryAuth('e30 ').diagnostics[0]).toMatchObject({ code: 'not-base64', offset: 3 });
  });

  test('never throws', () => {
    fc.assert(
      fc.property(fc.string(), (header) => {
        expect(() => decodeRegistryAuth(header)).not.toThrow();
        expect(() => decodeRegistryConfig(header)).not.toThrow();
      }),
    );
  });
});

describe('X-Registry-Config', () => {
  test('any host → credentials map round-trips (URL-safe by default)', () => {
    const config = fc.dictionary(text, fc.record({ username: text, password: text }), { maxKeys: 4 });
    fc.assert(
      fc.property(config, (value) => {
        const decoded = decodeRegistryConfig(encodeRegistryConfig(value));
        expect(decoded.diagnostics).toEqual([]);
        expect({ ...decoded.value }).toEqual(value);
      }),
    );
  });

  test('the standard alphabet is noted (the spec says URL-safe)', () => {
    const header = encodeRegistryConfig({ 'h:5000': { username: '??>>', password: '~~~' } }, 'standard');
    expect(codes(decodeRegistryConfig(header).diagnostics)).toEqual(['unexpected-base64-alphabet']);
  });

  test('wrong shapes', () => {
    const enc = (value: unknown): string => encodeBase64Json(value, 'url-safe');
    expect(codes(decodeRegistryConfig(enc(['x'])).diagnostics)).toContain('not-an-object');
    expect(codes(decodeRegistryConfig(enc({ h: 'x' })).diagnostics)).toEqual(['entry-not-an-object']);
    expect(codes(decodeRegistryConfig(enc({ h: { username: 'u' } })).diagnostics)).toEqual(['missing-field']);
    expect(codes(decodeRegistryConfig(enc({ h: { username: 'u', password: 'p', email: '' } })).diagnostics)).toEqual(['unknown-field']);
  });
});
