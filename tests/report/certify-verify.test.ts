import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, expect, test } from 'vitest';
import type { Requirement } from '../../harness/catalog/types.ts';
import { ATTESTATION_FILE, pae, PAYLOAD_TYPE, type Envelope, type Statement } from '../../harness/certify/attestation.ts';
import { BUNDLE_FILES, sealBundle, writeSums, type SealOptions } from '../../harness/certify/bundle.ts';
import { verifyBundle } from '../../harness/certify/verify.ts';
import { writeFormats } from '../../harness/report/formats/index.ts';
import { summarize, type Report } from '../../harness/report/report.ts';
import { report, result, withResults } from './support/synthetic-report.ts';

const passing = withResults(report, [result('a', 'passed'), result('rec', 'passed')]);
const none = { catalog: [] };

async function bundle(r: Report, options: SealOptions = {}): Promise<string> {
  const dir = mkdtempSync(path.join(tmpdir(), 'bundle-'));
  await writeFormats(dir, r, ['json', 'junit', 'html', 'md']);
  sealBundle(dir, r, 'Acme Engine', options);
  return dir;
}

/** Rewrites report.json as a forger would, and the digests with it. */
function forge(dir: string, change: (r: Report) => Report): void {
  const file = path.join(dir, 'report.json');
  writeFileSync(file, JSON.stringify(change(JSON.parse(readFileSync(file, 'utf8')) as Report), null, 2));
  writeSums(dir, BUNDLE_FILES);
}

describe('certify --verify recomputes the level from the results', () => {
  test('a flipped result fails verification, even with its requirement, summary and digests rewritten to match', async () => {
    const dir = await bundle(passing);
    expect(verifyBundle(dir, none)).toEqual([]);
    forge(dir, (r) => {
      const results = r.results.map((x) => (x.id === 'a' ? { ...x, outcome: 'failed' as const } : x));
      return { ...r, results, summary: summarize(results) };
    });
    const problems = verifyBundle(dir, none);
    expect(problems).toContain("product.json claims level 'full', the report supports 'none'");
    expect(problems).toContain('report.json states engine-1.22 a passed, its results give failed');
    expect(problems).toContainEqual(
      expect.stringMatching(/^junit.xml and report.json disagree on engine-1.22.a a: title of a <&>: junit.xml ok, report.json failure$/),
    );
  });

  test('a summary that does not count the results fails', async () => {
    const dir = await bundle(passing);
    forge(dir, (r) => ({ ...r, summary: { ...r.summary, passed: 99 } }));
    expect(verifyBundle(dir, none)).toEqual(['report.json: the summary does not count its results']);
  });

  test('junit.xml must say of every check what report.json says', async () => {
    const dir = await bundle(withResults(report, [result('a', 'failed'), result('b', 'passed')]));
    const junit = path.join(dir, 'junit.xml');
    writeFileSync(junit, readFileSync(junit, 'utf8').replace(/<failure [^>]*>[^<]*<\/failure>/, '<system-out>fine</system-out>'));
    writeSums(dir, BUNDLE_FILES);
    expect(verifyBundle(dir, none)).toEqual(['junit.xml and report.json disagree on engine-1.22.a a: title of a <&>: junit.xml ok, report.json failure']);
  });

  test('every requirement the level needs has a result: a report cut down to what passed fails', async () => {
    const catalog = [
      { id: 'engine/x/required', level: 'required', versions: ['1.22'] },
      { id: 'engine/x/uncoverable', level: 'required', versions: ['1.22'], uncoveredReason: 'needs a registry' },
      { id: 'engine/x/informational', level: 'informational', versions: ['1.22'] },
    ] as Requirement[];
    const dir = await bundle(passing);
    expect(verifyBundle(dir, { catalog })).toEqual(['engine-1.22 engine/x/required (required): level full needs it, report.json has no result for it']);
  });

  test('a run against the embedded reference verifies only as a self-test', async () => {
    const embedded: Report = { ...passing, target: { ...passing.target, embedded: true } };
    expect(verifyBundle(await bundle(embedded), none)).toEqual([
      'report.json is a run against the embedded reference: product.json must say selfTest (certify --self-test)',
    ]);
    const dir = await bundle(embedded, { selfTest: true });
    expect(verifyBundle(dir, none)).toEqual([]);
    expect(JSON.parse(readFileSync(path.join(dir, 'product.json'), 'utf8'))).toMatchObject({ selfTest: true });
  });

  test('a report.json that is not a report is a problem, not a crash', async () => {
    const dir = await bundle(passing);
    forge(dir, () => ({ results: 'none' }) as unknown as Report);
    expect(verifyBundle(dir, none)[0]).toMatch(/^report.json does not match its schema: /);
  });
});

describe('a signed bundle: an in-toto statement in a DSSE envelope, Ed25519', () => {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  const other = generateKeyPairSync('ed25519').publicKey;

  test("DSSE's pre-authentication encoding, as the spec defines it", () => {
    expect(pae('http://example.com/HelloWorld', Buffer.from('hello world')).toString()).toBe('DSSEv1 29 http://example.com/HelloWorld 11 hello world');
  });

  test('the envelope holds a statement whose subjects are the bundle files and whose predicate states the level', async () => {
    const dir = await bundle(passing, { signKey: privateKey });
    const envelope = JSON.parse(readFileSync(path.join(dir, ATTESTATION_FILE), 'utf8')) as Envelope;
    expect(envelope.payloadType).toBe(PAYLOAD_TYPE);
    const statement = JSON.parse(Buffer.from(envelope.payload, 'base64').toString()) as Statement;
    expect(statement._type).toBe('https://in-toto.io/Statement/v1');
    expect(statement.subject.map((s) => s.name)).toEqual([...BUNDLE_FILES, 'SHA256SUMS']);
    expect(statement.subject[0]!.digest.sha256).toMatch(/^[0-9a-f]{64}$/);
    expect(statement.predicate).toMatchObject({ level: 'full', product: { name: 'Acme Engine' }, suites: { 'engine-1.22': { total: 2, passed: 2 } } });
    expect(verifyBundle(dir, { ...none, pubkey: publicKey })).toEqual([]);
  });

  test('a wrong key, a tampered file (digests recomputed) or a missing signature fails', async () => {
    const dir = await bundle(passing, { signKey: privateKey });
    expect(verifyBundle(dir, { ...none, pubkey: other })).toEqual([
      expect.stringMatching(/^attestation.intoto.json: no signature made with the key of --pubkey/),
    ]);
    writeFileSync(path.join(dir, 'summary.md'), 'all good\n');
    writeSums(dir, BUNDLE_FILES);
    expect(verifyBundle(dir, { ...none, pubkey: publicKey })).toEqual([
      'summary.md: digest does not match the signed statement',
      'SHA256SUMS: digest does not match the signed statement',
    ]);
    const unsigned = await bundle(passing);
    expect(verifyBundle(unsigned, { ...none, pubkey: publicKey })).toEqual(['attestation.intoto.json is missing: the bundle is not signed']);
  });

  test('a signature over another payload type does not verify', async () => {
    const dir = await bundle(passing, { signKey: privateKey });
    const file = path.join(dir, ATTESTATION_FILE);
    const envelope = JSON.parse(readFileSync(file, 'utf8')) as Envelope;
    writeFileSync(file, JSON.stringify({ ...envelope, payloadType: 'application/json' }));
    expect(verifyBundle(dir, { ...none, pubkey: publicKey })).toEqual([`${ATTESTATION_FILE}: not a DSSE envelope of ${PAYLOAD_TYPE}`]);
  });
});
