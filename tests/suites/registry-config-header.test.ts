import { describe, expect, test } from 'vitest';
import { decodeRegistryConfig } from '../../harness/protocol/registry-auth.ts';
import { registryConfigHeader, URL_SAFE_FILLER } from '../../suites/engine/support/build.ts';

describe('registryConfigHeader: the X-Registry-Config the build checks send', () => {
  type Hosts = Record<string, { username: string; password: string }>;
  const hosts: Hosts[] = [{}, { '127.0.0.1:5000': { username: 'conformance', password: 'conformance' } }, { 'a:1': { username: 'u', password: 'p' } }];

  test.each(hosts.map((h) => [JSON.stringify(h), h] as const))('%s: holds both URL-safe-only characters, so the standard alphabet cannot read it', (_, h) => {
    const header = registryConfigHeader(h)['X-Registry-Config']!;
    expect(header).toMatch(/-/);
    expect(header).toMatch(/_/);
    expect(header).not.toMatch(/[+/]/);
  });

  test('decodes (URL-safe) to the given hosts plus the filler host, nothing else', () => {
    const given = { 'registry.test:5000': { username: 'user', password: 'secret' } };
    const decoded = decodeRegistryConfig(registryConfigHeader(given)['X-Registry-Config']!);
    expect(decoded.diagnostics.filter((d) => d.severity === 'violation')).toEqual([]);
    expect(decoded.value).toEqual({ ...URL_SAFE_FILLER, ...given });
  });
});
