import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect, test } from 'vitest';
import { BUNDLE_FILES, writeSums } from '../../harness/certify/bundle.ts';
import type { Report } from '../../harness/report/report.ts';
import { runCommand } from '../support/run-cli.ts';

/**
 * A bundle of the embedded reference, as a user makes one: certified as a self-test, signed, and
 * verified against the catalog the tool ships; a flipped result or a wrong key fails it.
 */
test('certify --self-test --sign-key, then --verify --pubkey: level full, verified; forged or wrongly keyed, not', async () => {
  const dir = mkdtempSync(path.join(tmpdir(), 'certify-'));
  const at = (name: string) => path.join(dir, name);
  const pem = (key: { export(o: { type: 'pkcs8' | 'spki'; format: 'pem' }): string | Buffer }, type: 'pkcs8' | 'spki') => key.export({ type, format: 'pem' });
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(at('key.pem'), pem(privateKey, 'pkcs8'));
  writeFileSync(at('pub.pem'), pem(publicKey, 'spki'));
  writeFileSync(at('other.pem'), pem(generateKeyPairSync('ed25519').publicKey, 'spki'));

  const made = await runCommand([
    'certify',
    '--self-test',
    '--suite',
    'engine-1.18',
    '--product',
    'Reference',
    '--out',
    at('cert'),
    '--sign-key',
    at('key.pem'),
  ]);
  expect(made.stdout).toContain('Reference (self-test of the embedded reference): level full');
  expect(made.status).toBe(0);
  expect(JSON.parse(readFileSync(at('cert/product.json'), 'utf8'))).toMatchObject({ level: 'full', selfTest: true });

  const verified = await runCommand(['certify', '--verify', at('cert'), '--pubkey', at('pub.pem')]);
  expect(verified).toMatchObject({ status: 0, stdout: `verified: ${at('cert')}, signature verified\n` });
  const wrongKey = await runCommand(['certify', '--verify', at('cert'), '--pubkey', at('other.pem')]);
  expect(wrongKey.status).toBe(1);
  expect(wrongKey.stdout).toMatch(/^FAIL attestation.intoto.json: no signature made with the key of --pubkey/);

  const file = at('cert/report.json');
  const report = JSON.parse(readFileSync(file, 'utf8')) as Report;
  const required = new Set(report.requirements.filter((r) => r.level === 'required').map((r) => r.id));
  const flipped = report.results.find((r) => r.outcome === 'passed' && required.has(r.requirements[0]!))!;
  flipped.outcome = 'failed';
  writeFileSync(file, JSON.stringify(report));
  writeSums(at('cert'), BUNDLE_FILES);
  const forged = await runCommand(['certify', '--verify', at('cert')]);
  expect(forged.status).toBe(1);
  expect(forged.stdout).toContain("FAIL product.json claims level 'full', the report supports 'none'");
  expect(forged.stdout).toContain(`FAIL junit.xml and report.json disagree on engine-1.18.${flipped.requirements[0]}`);
});
