import { UsageError } from '../target/endpoint.ts';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { ATTESTATION_FILE, readEd25519Key } from '../certify/attestation.ts';
import { sealBundle } from '../certify/bundle.ts';
import { verifyBundle } from '../certify/verify.ts';
import { parseRunArgs } from './run-args.ts';
import { existingDir, writableDir } from './inputs.ts';

/** Takes `--name VALUE` out of argv (certify's own flags), leaving the run flags. */
function takeFlag(argv: string[], name: string): string | undefined {
  const i = argv.indexOf(name);
  if (i < 0) return undefined;
  const value = argv[i + 1];
  if (value === undefined || value.startsWith('--')) throw new UsageError(`${name} needs a value`);
  argv.splice(i, 2);
  return value;
}

/** Takes a boolean `--name` out of argv. */
function takeSwitch(argv: string[], name: string): boolean {
  const i = argv.indexOf(name);
  if (i >= 0) argv.splice(i, 1);
  return i >= 0;
}

/**
 * `conformance certify [run options] --product NAME --out DIR [--sign-key KEY] [--self-test]`: runs
 * the suites and writes a bundle (report.json, junit.xml, report.html, summary.md, product.json,
 * SHA256SUMS, and signed: attestation.intoto.json) stating the level reached.
 * `conformance certify --verify DIR [--pubkey PUB]` checks a bundle.
 */
export async function certifyCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const rest = [...argv];
  const verify = takeFlag(rest, '--verify');
  if (verify !== undefined) return verifyCommand(verify, rest, out);
  const product = takeFlag(rest, '--product');
  const dir = takeFlag(rest, '--out');
  const keyFile = takeFlag(rest, '--sign-key');
  const selfTest = takeSwitch(rest, '--self-test');
  if (!product || !dir) throw new UsageError('certify needs --product NAME and --out DIR (or --verify DIR)');
  if (rest.includes('--shard')) throw new UsageError('certify runs every check: --shard would certify a part of the results');
  if (rest.includes('--report-dir') || rest.includes('--format'))
    throw new UsageError('certify writes its bundle in --out DIR, in every format: --report-dir and --format do not apply');
  writableDir('--out', dir);
  // Read before the run: a key that cannot sign would otherwise cost a whole run.
  const signKey = keyFile === undefined ? undefined : readEd25519Key('--sign-key', keyFile);
  const options = parseRunArgs([...rest, '--report-dir', dir, '--format', 'json,junit,html,md'], ['conformance', 'certify', ...argv]);
  if (options === 'help') throw new UsageError('see conformance certify --help');
  if (options.grep !== undefined) throw new UsageError('certify runs every check: --grep would certify a part of the results');
  const embedded = options.target === 'embedded';
  if (embedded && !selfTest)
    throw new UsageError(
      'certify with no --target certifies the embedded reference, not a product: give --target, or --self-test to certify the reference itself',
    );
  if (!embedded && selfTest) throw new UsageError('--self-test certifies the embedded reference: it takes no --target');
  const { runConformance } = await import('../run/run-conformance.ts');
  const result = await runConformance(options);
  const record = sealBundle(dir, result.report, product, { selfTest, ...(signKey ? { signKey } : {}) });
  const blocking = record.reasons.length
    ? ` (${record.reasons.length} blocking: ${record.reasons.slice(0, 3).join('; ')}${record.reasons.length > 3 ? '; …' : ''})`
    : '';
  const what = selfTest ? ' (self-test of the embedded reference)' : '';
  out.write(`${product}${what}: level ${record.level}${blocking}\nbundle: ${dir}${signKey ? ' (signed)' : ''}\n`);
  if (result.exitCode === 3) return 3;
  return record.level === 'none' ? 1 : 0;
}

/** `certify --verify DIR [--pubkey PUB]`: one FAIL line per problem, exit 1; or "verified", exit 0. */
function verifyCommand(dir: string, rest: string[], out: NodeJS.WritableStream): number {
  const pubFile = takeFlag(rest, '--pubkey');
  if (rest.length) throw new UsageError(`--verify takes only --pubkey PUB (got '${rest[0]}')`);
  const pubkey = pubFile === undefined ? undefined : readEd25519Key('--pubkey', pubFile);
  const problems = verifyBundle(existingDir('--verify', dir), pubkey ? { pubkey } : {});
  const signed = pubkey ? ', signature verified' : existsSync(path.join(dir, ATTESTATION_FILE)) ? ` (${ATTESTATION_FILE} not checked: give --pubkey PUB)` : '';
  out.write(problems.length ? `${problems.map((p) => `FAIL ${p}`).join('\n')}\n` : `verified: ${dir}${signed}\n`);
  return problems.length ? 1 : 0;
}
