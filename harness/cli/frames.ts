/**
 * `conformance frames [--tty] [--json] [--max-frame-bytes N] < capture.bin`
 *
 * Verifies a captured attach/logs/exec stream read from stdin, as it arrives (never buffered
 * whole): per-stream byte and frame counts, and every protocol violation with its byte offset.
 * Exit code: 0 clean, 1 any violation, 2 bad usage or unreadable input.
 *
 * Listing is capped at LISTED_PER_CODE diagnostics per code (a stream of a million bad frames
 * would otherwise print a million lines); the counts per code are always complete.
 */
import { parseArgs } from 'node:util';
import { once } from 'node:events';
import { DEFAULT_MAX_FRAME_BYTES, FrameDecoder, TtyStreamVerifier, type Diagnostic, type FrameSummary, type TtySummary } from '../protocol/index.ts';

export interface CommandIo {
  stdin: NodeJS.ReadableStream;
  stdout: NodeJS.WritableStream;
  stderr: NodeJS.WritableStream;
}

const USAGE = 'usage: conformance frames [--tty] [--json] [--max-frame-bytes N] < capture.bin';
const LISTED_PER_CODE = 1000;

interface FramesOptions {
  tty: boolean;
  json: boolean;
  maxFrameBytes: number;
}

export async function framesCommand(argv: string[], io: CommandIo): Promise<number> {
  const parsed = parseOptions(argv);
  if (parsed.kind === 'error') {
    io.stderr.write(`conformance frames: ${parsed.message}; ${USAGE}\n`);
    return 2;
  }
  if (parsed.kind === 'help') {
    io.stdout.write(`${USAGE}\n`);
    return 0;
  }
  const { options } = parsed;
  const listing = new DiagnosticListing(io.stdout, options.json);
  let summary: FrameSummary | TtySummary;
  try {
    summary = options.tty ? await verifyTty(io.stdin, listing) : await verifyFramed(io.stdin, options.maxFrameBytes, listing);
  } catch (error) {
    io.stderr.write(`conformance frames: cannot read stdin: ${error instanceof Error ? error.message : String(error)}\n`);
    return 2;
  }
  await listing.finish(summary, options.tty);
  return listing.violations > 0 ? 1 : 0;
}

type ParsedArgs = { kind: 'run'; options: FramesOptions } | { kind: 'help' } | { kind: 'error'; message: string };

/** node:util parseArgs in strict mode: an unknown option or a positional argument throws. */
function parseFramesArgs(argv: string[]) {
  return parseArgs({
    args: argv,
    strict: true,
    allowPositionals: false,
    options: {
      tty: { type: 'boolean', default: false },
      json: { type: 'boolean', default: false },
      'max-frame-bytes': { type: 'string' },
      help: { type: 'boolean', short: 'h', default: false },
    },
  });
}

function parseOptions(argv: string[]): ParsedArgs {
  let values: ReturnType<typeof parseFramesArgs>['values'];
  try {
    ({ values } = parseFramesArgs(argv));
  } catch (error) {
    return { kind: 'error', message: firstLine(error instanceof Error ? error.message : String(error)) };
  }
  if (values.help) return { kind: 'help' };
  const raw = values['max-frame-bytes'];
  const maxFrameBytes = raw === undefined ? DEFAULT_MAX_FRAME_BYTES : Number(raw);
  if (raw !== undefined && (!/^\d+$/.test(raw) || !Number.isSafeInteger(maxFrameBytes))) {
    return { kind: 'error', message: `--max-frame-bytes wants a whole number of bytes, got '${raw}'` };
  }
  return { kind: 'run', options: { tty: values.tty, json: values.json, maxFrameBytes } };
}

async function verifyFramed(stdin: NodeJS.ReadableStream, maxFrameBytes: number, listing: DiagnosticListing): Promise<FrameSummary> {
  // Payloads are never kept: the command only counts (the decoder keeps a system-error preview itself).
  const decoder = new FrameDecoder({ maxFrameBytes, wholePayloadBytes: 0 });
  for await (const chunk of stdin) {
    for (const event of decoder.push(asBytes(chunk))) if (event.kind === 'diagnostic') await listing.add(event.diagnostic);
  }
  for (const event of decoder.end()) if (event.kind === 'diagnostic') await listing.add(event.diagnostic);
  return decoder.summary();
}

async function verifyTty(stdin: NodeJS.ReadableStream, listing: DiagnosticListing): Promise<TtySummary> {
  const verifier = new TtyStreamVerifier();
  for await (const chunk of stdin) for (const d of verifier.push(asBytes(chunk))) await listing.add(d);
  for (const d of verifier.end()) await listing.add(d);
  return verifier.summary();
}

/** Prints diagnostics as they come (text) or keeps them for the one JSON object (--json), capped per code. */
class DiagnosticListing {
  violations = 0;
  observations = 0;
  private readonly perCode = new Map<string, number>();
  private readonly kept: Diagnostic[] = [];
  private omitted = 0;

  constructor(
    private readonly out: NodeJS.WritableStream,
    private readonly json: boolean,
  ) {}

  async add(diagnostic: Diagnostic): Promise<void> {
    if (diagnostic.severity === 'violation') this.violations++;
    else this.observations++;
    const seen = (this.perCode.get(diagnostic.code) ?? 0) + 1;
    this.perCode.set(diagnostic.code, seen);
    if (seen > LISTED_PER_CODE) {
      this.omitted++;
      return;
    }
    if (this.json) this.kept.push(diagnostic);
    else await this.write(`${formatDiagnostic(diagnostic)}\n`);
  }

  async finish(summary: FrameSummary | TtySummary, tty: boolean): Promise<void> {
    const counts = Object.fromEntries(this.perCode);
    if (this.json) {
      const verdict = this.violations > 0 ? 'violations' : 'clean';
      const report = {
        mode: tty ? 'tty' : 'framed',
        verdict,
        ...countsOf(summary),
        violations: this.violations,
        observations: this.observations,
        diagnosticCounts: counts,
        diagnostics: this.kept,
        omittedDiagnostics: this.omitted,
      };
      await this.write(`${JSON.stringify(report)}\n`);
      return;
    }
    await this.write(formatSummary(summary, counts, this.omitted, this.violations));
  }

  private async write(text: string): Promise<void> {
    if (!this.out.write(text)) await once(this.out, 'drain');
  }
}

function countsOf(summary: FrameSummary | TtySummary): object {
  if (!('frames' in summary)) return summary;
  const { totalBytes, frames, zeroLengthFrames, streams, unparsedBytes } = summary;
  return { totalBytes, frames, zeroLengthFrames, streams, unparsedBytes };
}

function formatDiagnostic(d: Diagnostic): string {
  const where = d.offset === undefined ? '' : ` at offset ${d.offset}`;
  return `${d.severity === 'violation' ? 'violation' : 'note'}${where}: ${d.code}: ${d.message}`;
}

function formatSummary(summary: FrameSummary | TtySummary, counts: Record<string, number>, omitted: number, violations: number): string {
  const lines: string[] = [];
  if ('frames' in summary) {
    lines.push(
      `${summary.totalBytes} bytes, ${summary.frames} frames (${summary.zeroLengthFrames} zero-length), ${summary.unparsedBytes} bytes not in a complete frame`,
    );
    for (const s of summary.streams) lines.push(`  ${s.name.padEnd(12)} ${String(s.frames).padStart(10)} frames ${String(s.bytes).padStart(14)} bytes`);
  } else {
    lines.push(`${summary.totalBytes} bytes (tty: raw, unframed)`);
  }
  if (omitted > 0) lines.push(`${omitted} more diagnostics not listed (${LISTED_PER_CODE} listed per code)`);
  const tally = Object.entries(counts)
    .map(([code, n]) => `${code} ${n}`)
    .join(', ');
  lines.push(violations > 0 ? `verdict: ${violations} violation${violations === 1 ? '' : 's'} (${tally})` : `verdict: clean${tally ? ` (${tally})` : ''}`);
  return `${lines.join('\n')}\n`;
}

function asBytes(chunk: string | Buffer | Uint8Array): Uint8Array {
  return typeof chunk === 'string' ? Buffer.from(chunk, 'utf8') : chunk;
}

function firstLine(text: string): string {
  return text.split('\n')[0]!.replace(/\.$/, '');
}
