import { expect, test } from 'vitest';
import { RegistryLogins } from '../../../reference/engine/state/logins.ts';

test('a first login registers the password of its account; a repeated one is told apart; clear forgets every account', () => {
  const logins = new RegistryLogins();
  expect(logins.login('127.0.0.1:5000', 'conformance', '')).toBe(false);
  expect(logins.passwordOf('127.0.0.1:5000', 'conformance')).toBe('');
  expect(logins.passwordOf('other:5000', 'conformance')).toBeUndefined();
  expect(logins.login('127.0.0.1:5000', 'conformance', '')).toBe(true);
  logins.clear();
  expect(logins.passwordOf('127.0.0.1:5000', 'conformance')).toBeUndefined();
  expect(logins.login('127.0.0.1:5000', 'conformance', 'conformance')).toBe(false);
});
