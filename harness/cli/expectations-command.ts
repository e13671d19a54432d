import { existsSync } from 'node:fs';
import type { Report } from '../report/report.ts';
import { expectationsFromReport, parseExpectations, writeExpectations, type ExpectationsFile } from '../report/expectations.ts';
import { UsageError } from '../target/endpoint.ts';
import { strictParse } from './run-args.ts';
import { readJsonFile, writableFile } from './inputs.ts';

/** `conformance expectations update --from report.json [--out FILE] [--keep-unrun]` */
export async function expectationsCommand(argv: string[], out: NodeJS.WritableStream): Promise<number> {
  const [verb, ...rest] = argv;
  if (verb !== 'update') throw new UsageError(`expectations takes 'update', got '${verb ?? ''}'`);
  const { values, positionals } = strictParse(rest, { from: { type: 'string' }, out: { type: 'string' }, 'keep-unrun': { type: 'boolean' } });
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  if (!values.from) throw new UsageError('expectations update needs --from report.json');
  const report = readJsonFile('--from', values.from) as Report | null;
  if (typeof report !== 'object' || report === null || !Array.isArray(report.results))
    throw new UsageError(`--from '${values.from}': not a conformance report.json (no results)`);
  const file = writableFile('--out', values.out ?? 'expectations.json');
  const previous = existsSync(file) ? previousExpectations(file) : undefined;
  if (values['keep-unrun'] && !previous) throw new UsageError(`--keep-unrun updates an existing file, and '${file}' does not exist`);
  const data = expectationsFromReport(report, previous, { keepUnrun: values['keep-unrun'] });
  writeExpectations(file, data);
  out.write(`${file}: ${data.expectations.length} expectations\n`);
  return 0;
}

/** The file being updated: its reasons and links are kept, so it must be a valid expectations file. */
function previousExpectations(file: string): ExpectationsFile {
  try {
    return parseExpectations(readJsonFile('--out', file));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--out '${file}': ${(err as Error).message}`);
  }
}
