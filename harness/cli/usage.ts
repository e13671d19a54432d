/** The CLI contract, as `conformance --help` and `conformance COMMAND --help` print it. */

const EXIT_CODES = `Exit codes: 0 every required check passed (expected departures listed in --expectations
            allowed); 1 a check failed (or a stale expectation under --strict-expectations);
            2 bad usage or a bad input file; 3 target unreachable, the harness itself failed,
            or the run was interrupted (Ctrl-C, SIGTERM).`;

const RUN_OPTIONS = `run options:
  --target T            embedded (default: the project's reference targets, in-process),
                        docker-env (DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_CERT_PATH),
                        unix:///path.sock, tcp://host:port, http://host:port, https://host:port
  --suite S             engine-1.18 | engine-1.22 | cloud | all (repeatable; default: all for
                        embedded, both engine suites for another target)
  --report-dir DIR      where report.json goes (default: reports; created when missing)
  --format F,...        also write json, junit (junit.xml), html (report.html), md (summary.md),
                        allure (Allure results in DIR/allure-results, with the optional
                        package allure-vitest; render them with allure generate), github
                        (annotations and the step summary; on where GITHUB_ACTIONS=true);
                        default: json,junit,html,md (report.json is always written)
  --grep RE             only checks whose requirement ID, check ID or title matches RE (a
                        pattern that matches no check is an error)
  --shard I/N           run shard I of N (the suites' files split deterministically); also
                        writes vitest's blob report (DIR/blob/I-N.json) for
                        'conformance report merge'; give every shard the same --seed
  --seed N              seed of the property-based checks (default: random; in the report)
  --timeout-ms N        per-request timeout (default: 10000)
  --concurrency N       checks of one suite file run at once (default: 4, 32 against the embedded targets; 1 = one at a time)
  --workers N           worker processes running suite files side by side (default: 4; against
                        the embedded targets, which run one file per suite, one per suite, at
                        most one per core, and one per 100 checks)
  --vendor-profile P    docker (default: real spellings) | neutral (the spec's 'vendor' words)
  --auth USER:KEY       cloud API credentials (Basic auth with the API key)
  --auth2 USER:KEY      a second cloud user, for namespace isolation checks
  --namespace ORG       a cloud organization namespace the first user belongs to
  --cloud-repository NAME
                        an existing third-party repository (host/path) the cloud repository
                        checks add and remove instead of a made-up one (repeatable: the checks
                        that add two take the first two; default: made-up names on quay.io)
  --cloud-repository-auth U:P
                        the username and password sent with it (default: made-up ones)
  --stream-target URL   the cloud Stream API when it is not served by the REST target
  --tls-ca F --tls-cert F --tls-key F
                        TLS with a CA and a client certificate (https:// and tcp:// targets)
  --fault NAME          embedded targets only: break one documented rule (repeatable; see
                        conformance serve engine|cloud --list-faults)
  --fixture-rootfs PATH static busybox for the engine fixture image (default: /bin/busybox)
  --image NAME          use this image as the engine fixture instead of importing one
  --registry HOST:PORT  a registry the engine target can push to and pull from
  --registry-auth U:P   credentials for that registry (sent as X-Registry-Auth)
  --registry-token-repository HOST:PORT/NAME --registry-token-file FILE
                        a repository of a registry that takes bearer tokens, and the file of a
                        token granting pull and push on it (sent as X-Registry-Auth {registrytoken};
                        without them that check is not applicable against a daemon)
  --expectations FILE   known departures: the run exits 0 when every failure is expected
  --strict-expectations an expectation that no longer fails makes the run exit 1
  --quiet, -q           no progress on stderr (N/M checks, counts, ETA; in a CI log a line
                        per suite file and every 30 s): only the final summary
  --debug               print the stack trace of an internal error (any command)

Every file and directory given is checked before the first check runs.`;

export const USAGE = `conformance: conformance suite and protocol verifier for the container engine API (1.18, 1.22) and the cloud API

Usage:
  conformance run [options]            run suites against a target and write reports
                                       (see: conformance run --help)
  conformance serve engine ...         serve the reference engine target
                                       (see: conformance serve engine --help)
  conformance serve cloud ...          serve the reference cloud target
                                       (see: conformance serve cloud --help)
  conformance frames [--tty] [--json] [--max-frame-bytes N] < capture.bin
                                       verify a captured multiplexed attach/logs/exec stream
                                       (see: conformance frames --help)
  conformance catalog [--suite S] [--json] [--openapi engine-1.18|engine-1.22|cloud]
                                       endpoints and requirements with coverage
                                       (see: conformance catalog --help)
  conformance mutate [--suite S]... [--sample N --seed S] [--since REPORT]
                                       mutants of the reference at every catalog atom, scored
                                       (see: conformance mutate --help)
  conformance certify [run options] --product NAME --out DIR [--sign-key KEY]
                                       run and write a certification bundle (level core/full)
  conformance certify --verify DIR [--pubkey PUB]
                                       check a bundle's digests, level and signature
                                       (see: conformance certify --help)
  conformance diff A.json B.json [...] [--html FILE] [--markdown FILE]
                                       new failures, fixes and changed outcomes between runs
                                       (see: conformance diff --help)
  conformance report merge DIR... [--report-dir OUT]
                                       one report from the report dirs of a run's shards
                                       (see: conformance report merge --help)
  conformance expectations update --from report.json [--out FILE] [--keep-unrun]
                                       write an expectations file from a run
                                       (see: conformance expectations update --help)
  conformance --version | --help

${RUN_OPTIONS}

${EXIT_CODES}
`;

const RUN_HELP = `usage: conformance run [options]

Runs the chosen suites against a target, removes what the run created, and writes report.json
(and junit.xml, report.html, summary.md) in --report-dir. Ctrl-C stops the checks and writes the
partial report.

A probe comes first: GET /_ping of an engine, the provider list of a cloud API with --auth. A
target that does not answer, or answers a web page or another API, stops the run (exit 3) with
a result (engine/probe, cloud/probe) saying what it answered.

Every result that did not pass carries "reproduce": the command that re-runs its check alone,
and a sh script replaying its exchanges with curl against $CONFORMANCE_TARGET. Credentials are
read from $CONFORMANCE_AUTH, $CONFORMANCE_AUTH2 and $CONFORMANCE_REGISTRY_AUTH, never written.

${RUN_OPTIONS}

${EXIT_CODES}
`;

const SERVE_ENGINE_HELP = `usage: conformance serve engine --listen unix:///path.sock|tcp://127.0.0.1:PORT [options]

Serves the project's in-memory reference engine (API 1.18 and 1.22) until SIGINT or SIGTERM;
prints its URL once it listens. It holds the image conformance/busybox:latest from the start, and
its registry serves busybox:latest to a pull:
  DOCKER_HOST=unix:///path.sock DOCKER_API_VERSION=1.22 docker run --rm conformance/busybox echo hi

  --listen ADDR         unix:///path.sock or tcp://127.0.0.1:PORT (required)
  --fault NAME          break one documented rule (repeatable)
  --list-faults         print every fault with what it breaks, and exit
  --vendor-profile P    docker (default) | neutral

Exit codes: 0 stopped by a signal; 2 bad usage (one line on stderr).
`;

const SERVE_CLOUD_HELP = `usage: conformance serve cloud --listen tcp://127.0.0.1:PORT|unix:///path [options]

Serves the project's in-memory reference cloud API (REST and the Stream API) until SIGINT or
SIGTERM; prints the REST and Stream URLs (and the default users when no --users is given).

  --listen ADDR         tcp://127.0.0.1:PORT or unix:///path (required)
  --users FILE          a JSON array of {"username", "apiKey", "organizations": [...]}
  --fault NAME          break one documented rule (repeatable)
  --list-faults         print every fault with what it breaks, and exit
  --vendor-profile P    docker (default) | neutral
  --time-scale N        speed factor of the simulated clock (a positive number)

Exit codes: 0 stopped by a signal; 2 bad usage or a bad users file (one line on stderr).
`;

const SERVE_HELP = `usage: conformance serve engine|cloud [options]

  conformance serve engine --help      the reference engine target
  conformance serve cloud --help       the reference cloud target
`;

const FRAMES_HELP = `usage: conformance frames [--tty] [--json] [--max-frame-bytes N] < capture.bin

Verifies a captured attach/logs/exec stream read from stdin, as it arrives: per-stream byte and
frame counts, and every protocol violation with its byte offset.

  --tty                 the stream is a TTY stream (raw bytes, no frame headers)
  --json                one JSON object instead of text lines
  --max-frame-bytes N   the largest frame payload accepted

Exit codes: 0 clean; 1 a violation; 2 bad usage or unreadable input.
`;

const CATALOG_HELP = `usage: conformance catalog [--suite S]... [--json] [--openapi engine-1.18|engine-1.22|cloud]

Lists the endpoints and requirements of the suites, with the checks that cover each requirement.

  --suite S             engine-1.18 | engine-1.22 | cloud (repeatable; default: all)
  --json                the catalog as JSON
  --openapi SUITE       an OpenAPI 3.1 document of the suite's endpoints

Exit codes: 0 listed; 2 bad usage.
`;

const CERTIFY_HELP = `usage: conformance certify [run options] --product NAME --out DIR [--sign-key KEY] [--self-test]
       conformance certify --verify DIR [--pubkey PUB]

Runs every check (no --shard) and writes a certification bundle in DIR: report.json, junit.xml,
report.html, summary.md, product.json (the level reached: full, core or none, and why) and
SHA256SUMS over them; with --sign-key, attestation.intoto.json: an in-toto Statement (the
files' sha256 digests; the product, level and suite results) in a DSSE envelope signed with
Ed25519. --verify checks a bundle: every digest matches; the level product.json claims is the one
report.json's results give (recomputed from them); every requirement that level needs has a
result; junit.xml and report.json agree; with --pubkey, the signature and what it signs.

  --product NAME        the product being certified
  --out DIR             the bundle directory (created when missing)
  --sign-key KEY        sign the bundle with this Ed25519 private key (PEM; openssl genpkey
                        -algorithm ed25519 -out KEY; openssl pkey -in KEY -pubout -out PUB)
  --self-test           certify the embedded reference (no --target): a check of the suite
                        itself, stated in product.json ("selfTest": true)
  --verify DIR          check a bundle instead of making one
  --pubkey PUB          with --verify: the Ed25519 public key (PEM) the bundle must be signed with
  run options           as for conformance run (see: conformance run --help)

Exit codes: 0 a level was reached (or the bundle verifies); 1 no level (or verification
failed); 2 bad usage; 3 target unreachable or the harness failed.
`;

const DIFF_HELP = `usage: conformance diff A.json B.json [more.json...] [--json] [--html FILE] [--markdown FILE]

Compares report.json files: new failures, fixes and other changed outcomes between the first
and the last, over the checks both ran; the suites and checks only one of them ran are listed
apart ("only in A (a.json): suite cloud (364 checks)"). With more than two, how many checks
differ across the runs.

  --json                the diff and the outcome matrix as JSON
  --html FILE           write the differential matrix (requirements x implementations, outcome
                        and message, under the headline numbers) as one HTML page
  --markdown FILE       write the headline numbers of every run as one Markdown table

Exit codes: 0 no new failures; 1 the last report has new failures; 2 bad usage or a report
that cannot be read.
`;

const MUTATE_HELP = `usage: conformance mutate [--suite S]... [--operator OP]... [--site TEXT]... [--sample N]
       [--seed S] [--since REPORT] [--jobs N] [--slots N] [--break PCT] [--report-dir DIR]

Measures the checks by mutants they did not choose: operators applied by a program at every atom
the catalog and the schemas name (every field of every documented answer, query parameter,
filter key, request field and documented code of each endpoint and version), each switched on in
the embedded reference alone. A baseline run records which checks reach which atom; each mutant
then runs with those checks, stopping at the first that fails (killed). Legal operators (key
order, extra fields, error texts, latency...) apply variations the specs allow: one that makes
a check fail is a false failure of the suite and fails the run; one that leaves a passing check
unverified is listed.

  --suite S             engine-1.18, engine-1.22, cloud or all (default: all)
  --operator OP         only operators matching OP ('answer/*', 'legal/keys-reordered'); repeatable
  --site TEXT           only sites whose endpoint or atom contains TEXT; repeatable
  --sample N            a seeded sample of N mutants per suite (--seed S, default 1)
  --since REPORT        only mutants REPORT lacks, did not kill, or whose covering checks changed
  --jobs N              worker processes (default: 2, or fewer cores)
  --slots N             embedded targets per process at once (default: 12)
  --break PCT           exit 1 when a suite's score is below PCT
  --report-dir DIR      where mutation.json (Stryker's mutation-testing-report-schema) and
                        index.html go (default: reports/mutation)
  --record              (a full run only) record the scores per requirement in
                        catalog/mutation/scores.json, which conformance catalog shows

Declared equivalent mutants, each with its reason: catalog/mutation/equivalents/ (one file per concern;
not run). Fault mutants at sites where the spec allows the change: catalog/mutation/allowed/ (run as legal).
Exit codes: 0 done; 1 a legal mutant made a check fail, or a score is below --break; 2 bad
usage; 3 the harness failed; 130 interrupted (Ctrl-C, SIGTERM): the report holds the mutants
settled before it, the others left out (stderr says it is partial); a second signal quits at
once, without a report.
`;

const REPORT_HELP = `usage: conformance report merge DIR... [--report-dir OUT]

Merges the report directories of the shards of one run (conformance run --shard I/N, each
holding report.json and blob/) into one report in OUT (default: reports).

  --report-dir OUT      where the merged report goes (not one of the shard directories)

Exit codes: as conformance run's (see: conformance run --help).
`;

const EXPECTATIONS_HELP = `usage: conformance expectations update --from report.json [--out FILE] [--keep-unrun]

Writes an expectations file (the known departures of a target) from a run: every failed, error
and warning result, keeping the reasons and links of the existing FILE.

  --from report.json    the run to record
  --out FILE            the expectations file (default: expectations.json)
  --keep-unrun          keep FILE's expectations of checks the run did not run, and the options it
                        was recorded with: a run narrowed with --grep or --suite updates only what
                        it ran

Exit codes: 0 written; 2 bad usage or a file that cannot be read or written.
`;

/** Help per command, keyed by the command words ('serve engine', 'report merge', ...). */
export const COMMAND_HELP: Record<string, string> = {
  run: RUN_HELP,
  serve: SERVE_HELP,
  'serve engine': SERVE_ENGINE_HELP,
  'serve cloud': SERVE_CLOUD_HELP,
  frames: FRAMES_HELP,
  catalog: CATALOG_HELP,
  certify: CERTIFY_HELP,
  diff: DIFF_HELP,
  mutate: MUTATE_HELP,
  report: REPORT_HELP,
  'report merge': REPORT_HELP,
  expectations: EXPECTATIONS_HELP,
  'expectations update': EXPECTATIONS_HELP,
};

const HELP_FLAGS = new Set(['--help', '-h']);

/**
 * The help a command line asks for, if it asks (`--help` or `-h` anywhere among its words),
 * most specific first: `serve engine --help` is the engine server's help.
 */
export function helpFor(argv: string[]): string | undefined {
  if (!argv.some((a) => HELP_FLAGS.has(a))) return undefined;
  const words = argv.filter((a) => !a.startsWith('-')).slice(0, 2);
  return COMMAND_HELP[words.join(' ')] ?? COMMAND_HELP[words[0] ?? ''] ?? USAGE;
}
