import { existsSync, readFileSync } from 'node:fs';
import type { Report } from '../report/report.ts';
import { expectationsFromReport, loadExpectations, writeExpectations } from '../report/expectations.ts';
import { UsageError } from '../target/endpoint.ts';
import { strictParse } from './run-args.ts';

/** `conformance expectations update --from report.json [--out FILE]` */
export async function expectationsCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb !== 'update') throw new UsageError(`expectations takes 'update', got '${verb ?? ''}'`);
  const { values, positionals } = strictParse(rest, { from: { type: 'string' }, out: { type: 'string' } });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.from) throw new UsageError('expectations update needs --from report.json');
  if (!existsSync(values.from)) throw new UsageError(`--from: no such file '${values.from}'`);
  const report = JSON.parse(readFileSync(values.from, 'utf8')) as Report;
  const file = values.out ?? 'expectations.json';
  const previous = existsSync(file) ? loadExpectations(file) : undefined;
  const data = expectationsFromReport(report, previous);
  writeExpectations(file, data);
  out.write(`${file}: ${data.expectations.length} expectations\n`);
  return 0;
}
