import type { SuiteName } from '../../catalog/types.ts';
import type { TranscriptEntry } from '../../check/outcome.ts';
import { FIXTURE_PROGRAMS } from '../../fixtures/rootfs.ts';
import { EMBEDDED_CLOUD_USERS } from '../../run/targets.ts';
import { isRedacted, REDACTED, redactedLabel } from '../../target/redact.ts';
import { capturesOf, withCaptures, type Capture } from './captures.ts';
import { CREDENTIAL_VARIABLES } from './command.ts';
import { engineVersionPrefix, type ReproContext } from './context.ts';
import { cloudSweep, engineSweep, fixtureImport, TARGET_SETUP } from './preamble.ts';
import { quote, word } from './shell-quote.ts';
import { isEscaped, printfFormat, shownBytes } from './shown-bytes.ts';

/** Request headers curl sets itself (or the transport did): not sent again. */
const CURL_OWN = new Set(['host', 'content-length', 'connection', 'transfer-encoding']);

/** What the script says of a result whose check made no exchange. */
const NOTHING_TO_REPLAY = 'echo "the check made no exchange with the target: nothing to replay"';

/**
 * A POSIX shell script that replays a check's exchanges with curl, in order, against
 * CONFORMANCE_TARGET (the run's target unless it was the embedded reference). Ids the target made
 * up are read from the script's own answers; the names keep the run's id, and what carries it is
 * removed on exit. It prints each answer's status beside the one the report recorded and exits 0
 * when they all agree (the result reproduced), 1 when one differs.
 */
export function reproduceScript(ctx: ReproContext, suite: SuiteName, title: string, transcript: readonly TranscriptEntry[]): string {
  const version = engineVersionPrefix(suite);
  const captures = capturesOf(transcript);
  const lines = [
    '#!/bin/sh',
    `# Replays the exchanges of ${suite} ${oneLine(title)} with curl (python3 reads ids from the answers).`,
    '# What its suite file set up for all its checks (a node cluster, a shared container) is not among them.',
    ...targetLines(ctx, version ? 'engine' : 'cloud'),
    ...(version ? [] : credentialLines(ctx)),
    TARGET_SETUP,
    version ? engineSweep(version, ctx.runId) : cloudSweep(ctx.runId, ctx.namespace),
    `trap 'sweep; rm -rf "$tmp"' EXIT`,
    "trap 'exit 130' INT TERM",
  ];
  if (version && !ctx.image && needsFixture(transcript, ctx.runId)) lines.push(fixtureImport(version, ctx.runId, FIXTURE_PROGRAMS));
  const replayed = transcript.map((entry, i) => exchangeLines(entry, i + 1, captures));
  lines.push(...(replayed.length ? replayed : [NOTHING_TO_REPLAY]));
  lines.push('[ "$differed" -eq 0 ] && echo "every answer had the status the report recorded" || echo "$differed answers differed from the report"');
  lines.push('[ "$differed" -eq 0 ]', '');
  return lines.join('\n');
}

function targetLines(ctx: ReproContext, api: 'engine' | 'cloud'): string[] {
  const tls = Object.entries(ctx.scriptTls ?? {}).flatMap(([kind, file]) =>
    file ? [`CONFORMANCE_TLS_${kind.toUpperCase()}=\${CONFORMANCE_TLS_${kind.toUpperCase()}:-${quote(file)}}`] : [],
  );
  if (ctx.scriptTarget) return [`TARGET=\${CONFORMANCE_TARGET:-${quote(ctx.scriptTarget)}}`, ...tls];
  const faults = ctx.faults.map((f) => ` --fault ${quote(f)}`).join('');
  return [
    `# The run's target was the embedded reference: serve one (conformance serve ${api} --listen unix:///tmp/target.sock${faults})`,
    '# and name it in CONFORMANCE_TARGET.',
    'TARGET=${CONFORMANCE_TARGET:?set CONFORMANCE_TARGET to the target, e.g. unix:///tmp/target.sock}',
  ];
}

/** The cloud users' credentials: from the environment, or the embedded reference's own users (not secrets). */
function credentialLines(ctx: ReproContext): string[] {
  const { auth, auth2 } = CREDENTIAL_VARIABLES;
  if (ctx.scriptTarget) return [`# Credentials: ${auth}=USER:KEY as given to --auth, ${auth2} as given to --auth2.`];
  const users = EMBEDDED_CLOUD_USERS;
  return [
    '# Credentials: the reference serves these users unless told otherwise (conformance serve cloud --users FILE).',
    `${auth}=\${${auth}:-${quote(`${users.auth.user}:${users.auth.key}`)}}`,
    `${auth2}=\${${auth2}:-${quote(`${users.auth2.user}:${users.auth2.key}`)}}`,
  ];
}

/** The checks' containers run the fixture image the run imported before them. */
function needsFixture(transcript: readonly TranscriptEntry[], runId: string): boolean {
  const fixture = `conformance-${runId}-fixture`;
  return transcript.some((e) => (e.request.body ?? '').includes(fixture) || e.request.path.includes(fixture));
}

function exchangeLines(entry: TranscriptEntry, n: number, captures: readonly Capture[]): string {
  const { method, path } = entry.request;
  const recorded = entry.response ? String(entry.response.status) : '000';
  const head = `# ${n}. ${method} ${oneLine(path)}: ${entry.response ? `answered ${recorded}` : `no answer (${oneLine(entry.error ?? 'none')})`}`;
  if (entry.kind === 'websocket') return `${head}\n# a WebSocket exchange: curl does not speak it; not replayed`;
  const notes = [...streamNote(entry), ...secretNote(entry), ...bodyNote(entry.request.body)];
  const options = [...headerOptions(entry, captures, n - 1), ...bodyOptions(entry, captures, n - 1)];
  const call = [`call ${n} ${recorded} ${method}`, word(withCaptures(path, captures, n - 1)), ...options].join(' ');
  const read = captures.filter((c) => c.exchange === n - 1);
  return [head, ...notes, ...bodyFileLines(entry, n), call, ...read.map(readLine), ...waitLines(method, call, read)].join('\n');
}

function streamNote(entry: TranscriptEntry): string[] {
  if (entry.kind !== 'hijack') return [];
  return ['# a hijacked stream: the request is replayed, what the check wrote on the stream is not'];
}

function secretNote(entry: TranscriptEntry): string[] {
  const unnamed = Object.entries(entry.request.headers).filter(([, value]) => isRedacted(value) && !CREDENTIAL_OF_FLAG[redactedLabel(value) ?? '']);
  return unnamed.map(([name]) => `# the report does not hold the ${name} the check sent (not the run's credentials): set ${secretVariable(name)}`);
}

function bodyNote(body: string | undefined): string[] {
  if (body === undefined) return [];
  const notes: string[] = [];
  const { cut } = shownBytes(body);
  if (cut && isEscaped(body)) notes.push(`# the report kept this body's first bytes: the last ${cut} are sent as zeros (an archive ends in zero blocks)`);
  else if (cut) notes.push(`# the report kept this body's first bytes: it is sent without the last ${cut}`);
  if (body.includes(REDACTED)) notes.push('# the report redacted a secret of this body: it is sent redacted');
  return notes;
}

function headerOptions(entry: TranscriptEntry, captures: readonly Capture[], exchange: number): string[] {
  const out = ["-H 'Expect:'"];
  const headers = Object.entries(entry.request.headers).filter(([name]) => !CURL_OWN.has(name.toLowerCase()));
  for (const [name, value] of headers) {
    if (isRedacted(value)) out.push(redactedHeader(name, value));
    else out.push('-H', word(withCaptures(`${name}: ${value}`, captures, exchange)));
  }
  // curl would label a body it sends as a form: the check sent none or its own.
  if (entry.request.body !== undefined && !headers.some(([name]) => name.toLowerCase() === 'content-type')) out.push("-H 'content-type:'");
  return out;
}

/** The run's credentials by the flag a redacted header names; any other secret from a variable of its own. */
const CREDENTIAL_OF_FLAG: Record<string, string> = { '--auth': CREDENTIAL_VARIABLES.auth, '--auth2': CREDENTIAL_VARIABLES.auth2 };

/** A secret the report does not hold: the run's credentials from their variables, any other from the environment. */
function redactedHeader(name: string, value: string): string {
  const label = redactedLabel(value);
  const credentials = label === undefined ? undefined : CREDENTIAL_OF_FLAG[label];
  if (name.toLowerCase() === 'authorization' && credentials) return `-u "$${credentials}"`;
  return `-H "${name}: $${secretVariable(name)}"`;
}

const secretVariable = (header: string): string => `CONFORMANCE_HEADER_${header.toUpperCase().replace(/[^A-Z0-9]/g, '_')}`;

function bodyOptions(entry: TranscriptEntry, captures: readonly Capture[], exchange: number): string[] {
  const body = entry.request.body;
  if (body === undefined) return [];
  if (isEscaped(body)) return ['--data-binary', `@"$tmp/${exchange + 1}.request"`];
  return ['--data-binary', word(withCaptures(shownBytes(body).bytes.toString('latin1'), captures, exchange))];
}

/** A body that is not text is written to a file first, byte for byte, padded to its length. */
function bodyFileLines(entry: TranscriptEntry, n: number): string[] {
  const body = entry.request.body;
  if (body === undefined || !isEscaped(body)) return [];
  const { bytes, cut } = shownBytes(body);
  return [`printf ${printfFormat(Buffer.concat([bytes, Buffer.alloc(cut)]))} >"$tmp/${n}.request"`];
}

/**
 * A GET whose answer does not carry the ids yet is asked again, once a second up to MAX_TIME: the
 * check waited for the work it started (a service's containers) before it read them.
 */
function waitLines(method: string, call: string, read: readonly Capture[]): string[] {
  if (method !== 'GET' || !read.length) return [];
  const missing = read.map((c) => `[ -z "$${c.variable}" ]`).join(' || ');
  return [
    'waited=0',
    `while { ${missing}; } && [ "$waited" -lt "$MAX_TIME" ]; do`,
    '  sleep 1; waited=$((waited + 1)); again=1',
    `  ${call}`,
    '  again=',
    ...read.map((c) => `  ${readLine(c).replace(/\n/g, '\n  ')}`),
    'done',
  ];
}

function readLine(c: Capture): string {
  const where = 'header' in c.source ? ['header', c.source.header] : ['body', ...c.source.body.map(String)];
  const read = `${c.variable}=$(pick ${c.exchange + 1} ${where.map(quote).join(' ')})`;
  return c.short ? `${read}\n${c.short}=$(printf %.12s "$${c.variable}")` : read;
}

const oneLine = (text: string): string => text.replace(/[\r\n]+/g, ' ').slice(0, 200);
