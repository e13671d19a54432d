/** The CLI contract, as `conformance --help` prints it. */
export const USAGE = `conformance: conformance suite and protocol verifier for the container engine API (1.18, 1.22) and the cloud API

Usage:
  conformance run [options]            run suites against a target and write reports
  conformance serve engine|cloud ...   serve a reference target (see: conformance serve engine --help)
  conformance frames [--tty] [--json] [--max-frame-bytes N] < capture.bin
                                       verify a captured multiplexed attach/logs/exec stream
  conformance catalog [--suite S] [--json] [--openapi engine-1.18|engine-1.22|cloud]
                                       endpoints and requirements with coverage
  conformance certify [run options] --product NAME --out DIR
                                       run and write a certification bundle (level core/full)
  conformance certify --verify DIR     check a bundle's digests and claimed level
  conformance diff A.json B.json [...] [--html FILE]
                                       new failures, fixes and changed outcomes between runs
  conformance report merge DIR... [--report-dir OUT]
                                       one report from the report dirs of a run's shards
  conformance --version | --help

run options:
  --target T            embedded (default: the project's reference targets, in-process),
                        docker-env (DOCKER_HOST, DOCKER_TLS_VERIFY, DOCKER_CERT_PATH),
                        unix:///path.sock, tcp://host:port, http://host:port, https://host:port
  --suite S             engine-1.18 | engine-1.22 | cloud | all (repeatable; default: all for
                        embedded, both engine suites for another target)
  --report-dir DIR      where report.json goes (default: reports)
  --format F,...        also write json, junit (junit.xml), html (report.html), md (summary.md),
                        allure (Allure results in DIR/allure-results; render them with
                        npm run report:allure); default: json,junit,html,md (report.json is
                        always written)
  --grep RE             only checks whose requirement ID, check ID or title matches RE
  --shard I/N           run shard I of N (the suites' files split deterministically); also
                        writes vitest's blob report (DIR/blob/I-N.json) for
                        'conformance report merge'; give every shard the same --seed
  --seed N              seed of the property-based checks (default: random; in the report)
  --timeout-ms N        per-request timeout (default: 10000)
  --concurrency N       checks of one suite file run at once (default: 4; 1 = one at a time)
  --vendor-profile P    docker (default: real spellings) | neutral (the spec's 'vendor' words)
  --auth USER:KEY       cloud API credentials (Basic auth with the API key)
  --auth2 USER:KEY      a second cloud user, for namespace isolation checks
  --namespace ORG       a cloud organization namespace the first user belongs to
  --stream-target URL   the cloud Stream API when it is not served by the REST target
  --tls-ca F --tls-cert F --tls-key F
                        TLS with a CA and a client certificate (https:// and tcp:// targets)
  --fault NAME          embedded targets only: break one documented rule (repeatable; see
                        conformance serve engine|cloud --list-faults)
  --fixture-rootfs PATH static busybox for the engine fixture image (default: /bin/busybox)
  --image NAME          use this image as the engine fixture instead of importing one
  --registry HOST:PORT  a registry the engine target can push to and pull from
  --registry-auth U:P   credentials for that registry (sent as X-Registry-Auth)
  --expectations FILE   known failures: the run exits 0 when every failure is expected
  --strict-expectations an expectation that no longer fails makes the run exit 1

  conformance expectations update --from report.json [--out FILE]
                        write an expectations file from a run (keeps existing reasons)

Exit codes: 0 every required check passed; 1 a check failed; 2 bad usage;
            3 target unreachable or the harness itself failed.
`;
