import { describe, expect, test } from 'vitest';
import { dockerEnvTarget, parseTargetUrl, UsageError } from '../../harness/target/endpoint.ts';
import { redactBody, redactHeaders, redactPath, REDACTED } from '../../harness/target/redact.ts';

describe('target URLs', () => {
  test('each supported form resolves to an origin (and a socket path)', () => {
    expect(parseTargetUrl('unix:///var/run/docker.sock')).toMatchObject({ origin: 'http://localhost', socketPath: '/var/run/docker.sock' });
    expect(parseTargetUrl('tcp://127.0.0.1:2375')).toMatchObject({ origin: 'http://127.0.0.1:2375' });
    expect(parseTargetUrl('https://h:2376', { ca: 'ca.pem' })).toMatchObject({ origin: 'https://h:2376', tls: { ca: 'ca.pem' } });
    expect(parseTargetUrl('tcp://h:2376', { ca: 'ca.pem' })).toMatchObject({ origin: 'https://h:2376' });
  });
  test.each(['nonsense', 'ftp://h:1', 'tcp://h', 'unix://'])('%s is a usage error', (raw) => {
    expect(() => parseTargetUrl(raw)).toThrow(UsageError);
  });
  test('docker-env follows DOCKER_HOST, DOCKER_TLS_VERIFY and DOCKER_CERT_PATH', () => {
    expect(dockerEnvTarget({}).socketPath).toBe('/var/run/docker.sock');
    expect(dockerEnvTarget({ DOCKER_HOST: 'tcp://h:2376', DOCKER_TLS_VERIFY: '1', DOCKER_CERT_PATH: '/c' })).toMatchObject({
      origin: 'https://h:2376',
      tls: { ca: '/c/ca.pem', cert: '/c/cert.pem', key: '/c/key.pem' },
    });
    expect(dockerEnvTarget({ DOCKER_HOST: 'tcp://h:2375', DOCKER_TLS_VERIFY: '' }).origin).toBe('http://h:2375');
  });
});

describe('redaction', () => {
  test('credential headers, query tokens and body secrets never reach a transcript', () => {
    expect(redactHeaders({ Authorization: 'Basic eDp5', 'X-Registry-Auth': 'e30=', 'x-registry-config': 'e30=', Accept: 'a' })).toEqual({
      Authorization: REDACTED,
      'X-Registry-Auth': REDACTED,
      'x-registry-config': REDACTED,
      Accept: 'a',
    });
    expect(redactPath('/api/audit/v1/events?user=u&token=secret')).toBe(`/api/audit/v1/events?user=u&token=${encodeURIComponent(REDACTED)}`);
    expect(redactBody('{"username":"u","password":"hunter2"}')).toBe(`{"username":"u","password":"${REDACTED}"}`);
  });
});
