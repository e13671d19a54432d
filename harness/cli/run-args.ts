import { parseArgs } from 'node:util';
import { SUITES, type SuiteName } from '../catalog/types.ts';
import { parseProfile } from '../profile.ts';
import { dockerEnvTarget, UsageError } from '../target/endpoint.ts';
import { DEFAULT_FIXTURE_ROOTFS, DEFAULT_TIMEOUT_MS, defaultSuites, type RunOptions } from '../run/options.ts';
import type { Credentials } from '../run/config.ts';
import type { Shard } from '../run/shard.ts';
import { DEFAULT_FORMATS, REPORT_FORMATS, type ReportFormat } from '../report/formats/index.ts';
import { parseExpectations, type ExpectationsFile } from '../report/expectations.ts';
import type { RecordedOptions } from '../report/recorded-options.ts';
import { readableFile, readJsonFile, readTextFile, writableDir } from './inputs.ts';

const RUN_FLAGS = {
  target: { type: 'string' },
  suite: { type: 'string', multiple: true },
  'report-dir': { type: 'string' },
  format: { type: 'string', multiple: true },
  grep: { type: 'string' },
  shard: { type: 'string' },
  seed: { type: 'string' },
  'timeout-ms': { type: 'string' },
  concurrency: { type: 'string' },
  workers: { type: 'string' },
  'vendor-profile': { type: 'string' },
  auth: { type: 'string' },
  auth2: { type: 'string' },
  namespace: { type: 'string' },
  'cloud-repository': { type: 'string', multiple: true },
  'cloud-repository-auth': { type: 'string' },
  'stream-target': { type: 'string' },
  'tls-ca': { type: 'string' },
  'tls-cert': { type: 'string' },
  'tls-key': { type: 'string' },
  fault: { type: 'string', multiple: true },
  'fixture-rootfs': { type: 'string' },
  image: { type: 'string' },
  registry: { type: 'string' },
  'registry-auth': { type: 'string' },
  'registry-token-repository': { type: 'string' },
  'registry-token-file': { type: 'string' },
  expectations: { type: 'string' },
  'strict-expectations': { type: 'boolean' },
  quiet: { type: 'boolean', short: 'q' },
  help: { type: 'boolean', short: 'h' },
} as const;

/** Parses `conformance run` flags; any problem is a UsageError (one line, exit 2). */
export function parseRunArgs(argv: string[], command: string[]): RunOptions | 'help' {
  const { values, positionals } = strictParse(argv, RUN_FLAGS);
  if (values.help) return 'help';
  if (positionals.length) throw new UsageError(`unexpected argument '${positionals[0]}'`);
  const target = values.target ?? 'embedded';
  const tls =
    values['tls-ca'] || values['tls-cert'] || values['tls-key'] ? { ca: values['tls-ca'], cert: values['tls-cert'], key: values['tls-key'] } : undefined;
  if (tls && Boolean(tls.cert) !== Boolean(tls.key)) throw new UsageError('--tls-cert and --tls-key go together');
  for (const flag of ['tls-ca', 'tls-cert', 'tls-key'] as const) if (values[flag]) readableFile(`--${flag}`, values[flag]);
  if (target === 'docker-env') checkDockerEnvTls();
  const recorded = values.expectations === undefined ? undefined : checkedExpectations(values.expectations).recordedWith;
  const options: RunOptions = {
    target,
    suites: parseSuites(values.suite, target),
    reportDir: values['report-dir'] ?? 'reports',
    ...formatsOption(values.format, process.env),
    ...(values.grep !== undefined ? { grep: checkRegex(values.grep) } : {}),
    ...(values.shard !== undefined ? { shard: parseShard(values.shard) } : {}),
    seed: values.seed === undefined ? (recorded?.seed ?? Math.floor(Math.random() * 2 ** 31)) : parseInteger(values.seed, '--seed', 0),
    timeoutMs: values['timeout-ms'] === undefined ? DEFAULT_TIMEOUT_MS : parseInteger(values['timeout-ms'], '--timeout-ms', 1),
    ...concurrencyOption(values.concurrency, recorded),
    ...(values.workers !== undefined ? { workers: parseInteger(values.workers, '--workers', 1) } : {}),
    vendorProfile: parseProfileFlag(values['vendor-profile'] ?? 'docker'),
    ...(tls ? { tls } : {}),
    ...optionalCredentials('auth', values.auth),
    ...optionalCredentials('auth2', values.auth2),
    ...(values.namespace ? { namespace: values.namespace } : {}),
    ...cloudRepositoryOptions(values['cloud-repository'], values['cloud-repository-auth']),
    ...(values['stream-target'] ? { streamTarget: values['stream-target'] } : {}),
    faults: values.fault ?? [],
    fixtureRootfs: values['fixture-rootfs'] === undefined ? DEFAULT_FIXTURE_ROOTFS : readableFile('--fixture-rootfs', values['fixture-rootfs']),
    ...(values.image ? { image: values.image } : {}),
    ...(values.registry ? { registry: values.registry } : {}),
    ...optionalCredentials('registryAuth', values['registry-auth']),
    ...registryTokenOption(values['registry-token-repository'], values['registry-token-file']),
    ...(values.expectations !== undefined ? { expectations: values.expectations } : {}),
    ...(values['strict-expectations'] ? { strictExpectations: true } : {}),
    command,
    progress: !values.quiet,
  };
  if (options.strictExpectations && !options.expectations) throw new UsageError('--strict-expectations needs --expectations FILE');
  // Last: the only check with a side effect (it creates the directory), made once the rest is valid.
  writableDir('--report-dir', options.reportDir);
  return options;
}

type FlagSpec = Record<string, { type: 'string' | 'boolean'; multiple?: boolean; short?: string }>;

/** node:util parseArgs in strict mode, with its errors turned into one-line usage errors. */
export function strictParse<T extends FlagSpec>(argv: string[], options: T) {
  try {
    return parseArgs({ args: argv, options, strict: true, allowPositionals: true });
  } catch (err) {
    throw new UsageError((err as Error).message.split('\n')[0]!.replace(/\. To specify a positional.*$/, ''));
  }
}

/** The chosen formats; in a GitHub Actions job the github format too (its annotations and step summary). */
function formatsOption(raw: string[] | undefined, env: NodeJS.ProcessEnv): { formats?: ReportFormat[] } {
  const formats = raw ? parseFormats(raw) : undefined;
  if (env.GITHUB_ACTIONS !== 'true' || formats?.includes('github')) return formats ? { formats } : {};
  return { formats: [...(formats ?? DEFAULT_FORMATS), 'github'] };
}

function parseFormats(raw: string[]): ReportFormat[] {
  const formats = raw.flatMap((r) => r.split(',')).filter(Boolean);
  const unknown = formats.filter((f) => !(REPORT_FORMATS as readonly string[]).includes(f));
  if (unknown.length) throw new UsageError(`unknown format '${unknown[0]}': expected ${REPORT_FORMATS.join(', ')}`);
  return formats as ReportFormat[];
}

export function parseSuites(raw: string[] | undefined, target: string): SuiteName[] {
  if (!raw?.length) return defaultSuites(target);
  const out = new Set<SuiteName>();
  for (const item of raw.flatMap((r) => r.split(','))) {
    if (item === 'all') SUITES.forEach((s) => out.add(s));
    else if ((SUITES as readonly string[]).includes(item)) out.add(item as SuiteName);
    else throw new UsageError(`unknown suite '${item}': expected ${SUITES.join(', ')} or all`);
  }
  return SUITES.filter((s) => out.has(s));
}

/** With DOCKER_TLS_VERIFY, the certificates DOCKER_CERT_PATH names must be there to read. */
function checkDockerEnvTls(): void {
  const tls = dockerEnvTarget(process.env).tls;
  for (const file of [tls?.ca, tls?.cert, tls?.key]) if (file) readableFile('DOCKER_CERT_PATH', file);
}

function checkedExpectations(file: string): ExpectationsFile {
  try {
    return parseExpectations(readJsonFile('--expectations', file));
  } catch (err) {
    if (err instanceof UsageError) throw err;
    throw new UsageError(`--expectations '${file}': ${(err as Error).message}`);
  }
}

/** --concurrency, or under a gate the concurrency its expectations were recorded with. */
function concurrencyOption(raw: string | undefined, recorded: RecordedOptions | undefined): { concurrency?: number } {
  if (raw !== undefined) return { concurrency: parseInteger(raw, '--concurrency', 1) };
  return recorded?.concurrency ? { concurrency: recorded.concurrency } : {};
}

function parseInteger(raw: string, flag: string, min: number): number {
  if (!/^\d+$/.test(raw) || Number(raw) < min || !Number.isSafeInteger(Number(raw))) {
    throw new UsageError(`${flag} must be a whole number ≥ ${min}, got '${raw}'`);
  }
  return Number(raw);
}

function checkRegex(raw: string): string {
  try {
    new RegExp(raw);
    return raw;
  } catch {
    throw new UsageError(`--grep '${raw}' is not a valid regular expression`);
  }
}

/** INDEX/COUNT, 1-based, as vitest's --shard takes it. */
export function parseShard(raw: string): Shard {
  const match = /^(\d+)\/(\d+)$/.exec(raw);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index < 1 || index > count || !Number.isSafeInteger(count)) {
    throw new UsageError(`--shard takes INDEX/COUNT with 1 <= INDEX <= COUNT (e.g. 1/3), got '${raw}'`);
  }
  return { index, count };
}

function parseProfileFlag(raw: string) {
  try {
    return parseProfile(raw);
  } catch (err) {
    throw new UsageError((err as Error).message);
  }
}

export function parseCredentials(raw: string, flag: string): Credentials {
  const colon = raw.indexOf(':');
  if (colon <= 0 || colon === raw.length - 1) throw new UsageError(`--${flag} takes USER:KEY`);
  return { user: raw.slice(0, colon), key: raw.slice(colon + 1) };
}

/**
 * --cloud-repository (repeatable): existing third-party repositories (host/path) the cloud suite's
 * repository checks add instead of made-up ones; --cloud-repository-auth: the login they send with them.
 */
export function cloudRepositoryOptions(names: string[] | undefined, auth: string | undefined): Pick<RunOptions, 'cloudRepositories' | 'cloudRepositoryAuth'> {
  if (!names?.length) {
    if (auth !== undefined) throw new UsageError('--cloud-repository-auth needs --cloud-repository NAME');
    return {};
  }
  for (const name of names) {
    if (!/^[^/\s]+\/[^\s]*[^/\s]$/.test(name) || name.includes('//')) {
      throw new UsageError(`--cloud-repository takes a repository name with its registry host (host/path, e.g. quay.io/org/repo), got '${name}'`);
    }
  }
  return { cloudRepositories: names, ...optionalCredentials('cloudRepositoryAuth', auth) };
}

/** A path component of a repository name (lowercase, separators between alphanumerics), as the registry API names them. */
const REPOSITORY_COMPONENT = '[a-z0-9]+(?:(?:[._]|__|-+)[a-z0-9]+)*';
const TOKEN_REPOSITORY = new RegExp(`^([^/\\s]+)/(${REPOSITORY_COMPONENT}(?:/${REPOSITORY_COMPONENT})*)$`);

/**
 * --registry-token-repository HOST:PORT/NAME and --registry-token-file FILE, together: a repository
 * of a registry that takes bearer tokens and a token granting pull and push on it, read from the
 * file (so that it is on no command line and in no report). The host must be a registry's (a
 * domain name, a port or localhost), else the daemon would read it as a namespace of the index.
 */
export function registryTokenOption(repository: string | undefined, file: string | undefined): Pick<RunOptions, 'registryToken'> {
  if (repository === undefined && file === undefined) return {};
  if (repository === undefined) throw new UsageError('--registry-token-file needs --registry-token-repository HOST:PORT/NAME');
  if (file === undefined) throw new UsageError('--registry-token-repository needs --registry-token-file FILE');
  const host = TOKEN_REPOSITORY.exec(repository)?.[1];
  if (!host || !(/[.:]/.test(host) || host === 'localhost')) {
    throw new UsageError(
      '--registry-token-repository takes a repository with its registry host and no tag ' +
        `(host:port/name, e.g. 127.0.0.1:5003/conformance/registrytoken), got '${repository}'`,
    );
  }
  const token = readTextFile('--registry-token-file', file).trim();
  if (!token) throw new UsageError(`--registry-token-file '${file}': holds no token`);
  if (/\s/.test(token)) throw new UsageError(`--registry-token-file '${file}': holds more than one word (a token is one)`);
  return { registryToken: { repository, token, file } };
}

const CREDENTIAL_FLAGS: Record<string, string> = { registryAuth: 'registry-auth', cloudRepositoryAuth: 'cloud-repository-auth' };

function optionalCredentials<K extends string>(key: K, raw: string | undefined): Partial<Record<K, Credentials>> {
  if (raw === undefined) return {};
  const flag = CREDENTIAL_FLAGS[key] ?? key;
  return { [key]: parseCredentials(raw, flag) } as Partial<Record<K, Credentials>>;
}
