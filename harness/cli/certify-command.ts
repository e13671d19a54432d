import { UsageError } from '../target/endpoint.ts';
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

/**
 * `conformance certify [run options] --product NAME --out DIR`: runs the suites and writes a
 * bundle (report.json, junit.xml, report.html, summary.md, product.json, SHA256SUMS) stating the
 * level reached. `conformance certify --verify DIR` checks a bundle.
 */
export async function certifyCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const rest = [...argv];
  const verify = takeFlag(rest, '--verify');
  if (verify !== undefined) {
    if (rest.length) throw new UsageError(`--verify takes no other arguments (got '${rest[0]}')`);
    const problems = verifyBundle(existingDir('--verify', verify));
    out.write(problems.length ? `${problems.map((p) => `FAIL ${p}`).join('\n')}\n` : `verified: ${verify}\n`);
    return problems.length ? 1 : 0;
  }
  const product = takeFlag(rest, '--product');
  const dir = takeFlag(rest, '--out');
  if (!product || !dir) throw new UsageError('certify needs --product NAME and --out DIR (or --verify DIR)');
  if (rest.includes('--shard')) throw new UsageError('certify runs every check: --shard would certify a part of the results');
  if (rest.includes('--report-dir') || rest.includes('--format'))
    throw new UsageError('certify writes its bundle in --out DIR, in every format: --report-dir and --format do not apply');
  writableDir('--out', dir);
  const options = parseRunArgs([...rest, '--report-dir', dir, '--format', 'json,junit,html,md'], ['conformance', 'certify', ...argv]);
  if (options === 'help') throw new UsageError('see conformance certify --help');
  if (options.grep !== undefined) throw new UsageError('certify runs every check: --grep would certify a part of the results');
  const { runConformance } = await import('../run/run-conformance.ts');
  const result = await runConformance(options);
  const record = sealBundle(dir, result.report, product);
  const blocking = record.reasons.length
    ? ` (${record.reasons.length} blocking: ${record.reasons.slice(0, 3).join('; ')}${record.reasons.length > 3 ? '; …' : ''})`
    : '';
  out.write(`${product}: level ${record.level}${blocking}\nbundle: ${dir}\n`);
  if (result.exitCode === 3) return 3;
  return record.level === 'none' ? 1 : 0;
}
