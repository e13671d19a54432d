/**
 * The fixed parts of a reproduction script (POSIX sh, curl, python3 for reading JSON): reaching
 * the target, one exchange, reading an id from an answer, importing the fixture image and removing
 * what carries the run's id on exit.
 */

/** Reads CONFORMANCE_TARGET (unix://, tcp://, http(s)://) into curl's socket and base URL. */
export const TARGET_SETUP = `case "$TARGET" in
  unix://*) SOCKET=\${TARGET#unix://}; BASE=http://localhost ;;
  tcp://*) SOCKET=; BASE=http://\${TARGET#tcp://} ;;
  http://* | https://*) SOCKET=; BASE=\${TARGET%/} ;;
  *) echo "CONFORMANCE_TARGET: unix://PATH, tcp://HOST:PORT or http(s)://HOST:PORT, got '$TARGET'" >&2; exit 2 ;;
esac
MAX_TIME=\${CONFORMANCE_MAX_TIME:-10}
tmp=$(mktemp -d) || exit 2
differed=0
# curl to the target: its socket, the TLS files of the run (CONFORMANCE_TLS_CA/_CERT/_KEY).
target_curl() {
  if [ -n "$SOCKET" ]; then set -- --unix-socket "$SOCKET" "$@"; fi
  curl -sS --max-time "$MAX_TIME" \${CONFORMANCE_TLS_CA:+--cacert "$CONFORMANCE_TLS_CA"} \\
    \${CONFORMANCE_TLS_CERT:+--cert "$CONFORMANCE_TLS_CERT"} \${CONFORMANCE_TLS_KEY:+--key "$CONFORMANCE_TLS_KEY"} "$@"
}
# One exchange: N RECORDED-STATUS METHOD PATH [curl options]; prints what came back beside what the report recorded
# (asked again while waiting for an id, with again=1: silently).
call() {
  n=$1 recorded=$2 method=$3 path=$4
  shift 4
  status=$(target_curl -o "$tmp/$n.body" -D "$tmp/$n.head" -w '%{http_code}' -X "$method" "$@" "$BASE$path" 2>"$tmp/$n.err")
  if [ -n "\${again:-}" ]; then return; fi
  printf '%s %s %s -> %s (the report recorded %s)\\n' "$n" "$method" "$path" "$status" "$recorded"
  if [ "$status" != "$recorded" ]; then differed=$((differed + 1)); fi
}
# The id at a place of answer N: pick N body KEY... | pick N header NAME
pick() {
  n=$1
  shift
  python3 - "$tmp/$n" "$@" <<'PY'
import json, re, sys
base, kind, *path = sys.argv[1:]
try:
    if kind == 'header':
        lines = open(base + '.head', encoding='latin-1').read().splitlines()
        value = next((l.split(':', 1)[1] for l in lines if l.lower().startswith(path[0].lower() + ':')), '')
    else:
        value = json.load(open(base + '.body', encoding='utf-8'))
        for key in path:
            value = value[int(key)] if isinstance(value, list) else value[key]
except Exception:
    value = ''
m = re.search(r'[0-9a-f]{64}|[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}', str(value))
print(m.group(0) if m else '')
PY
}
# The KEY of each item of a JSON list in FILE (bare, {"objects": [...]} or {"Volumes": [...]}) that holds MARKER.
items() {
  python3 - "$1" "$2" "$3" <<'PY'
import json, sys
path, key, marker = sys.argv[1:]
try:
    body = json.load(open(path, encoding='utf-8'))
except Exception:
    body = []
if isinstance(body, dict):
    body = body.get('objects') or body.get('Volumes') or []
for item in body if isinstance(body, list) else []:
    if not isinstance(item, dict):
        continue
    values = item.get(key)
    for value in values if isinstance(values, list) else [values]:
        if isinstance(value, str) and marker in json.dumps(item) and item.get('state') not in ('Terminated', 'Terminating'):
            print(value)
PY
}`;

/** The engine's removal of what carries the run's id: its containers by label, the rest by name. */
export function engineSweep(version: string, runId: string): string {
  const label = encodeURIComponent(JSON.stringify({ label: [`conformance.run=${runId}`] }));
  const volumesAndNetworks =
    version === '/v1.18'
      ? ''
      : `
  target_curl -o "$tmp/list" "$BASE${version}/networks"
  for id in $(items "$tmp/list" Id "$marker"); do target_curl -o /dev/null -X DELETE "$BASE${version}/networks/$id"; done
  target_curl -o "$tmp/list" "$BASE${version}/volumes"
  for name in $(items "$tmp/list" Name "$marker"); do target_curl -o /dev/null -X DELETE "$BASE${version}/volumes/$name"; done`;
  return `# On exit: remove what carries the run's id (${runId}), as the run's own sweep does.
sweep() {
  marker=conformance-${runId}
  target_curl -o "$tmp/list" "$BASE${version}/containers/json?all=1&filters=${label}"
  for id in $(items "$tmp/list" Id ""); do target_curl -o /dev/null -X DELETE "$BASE${version}/containers/$id?force=1&v=1"; done
  target_curl -o "$tmp/list" "$BASE${version}/images/json"
  for tag in $(items "$tmp/list" RepoTags "$marker"); do
    case "$tag" in *"$marker"*) target_curl -o /dev/null -X DELETE "$BASE${version}/images/$tag?force=1" ;; esac
  done${volumesAndNetworks}
}`;
}

/** The cloud API's removal of what carries the run's id: stacks, services, node clusters, repositories. */
export function cloudSweep(runId: string, namespace: string | undefined): string {
  const collections = ['/api/app/v1/stack/', '/api/app/v1/service/', '/api/infra/v1/nodecluster/', '/api/repo/v1/repository/'];
  const paths = collections.flatMap((c) => [c, ...(namespace ? [c.replace(/^(\/api\/[a-z]+\/v1\/)/, `$1${namespace}/`)] : [])]);
  return `# On exit: terminate what carries the run's id (${runId}), as the run's own sweep does.
sweep() {
  for user in "\${CONFORMANCE_AUTH:-}" "\${CONFORMANCE_AUTH2:-}"; do
    [ -n "$user" ] || continue
    for list in ${paths.join(' ')}; do
      target_curl -o "$tmp/list" -u "$user" -H 'accept: application/json' "$BASE$list"
      for uri in $(items "$tmp/list" resource_uri "conformance-${runId}-"); do target_curl -o /dev/null -u "$user" -X DELETE "$BASE$uri"; done
    done
  done
}`;
}

/** Imports the fixture image the checks run their containers from (conformance-<run>-fixture:latest). */
export function fixtureImport(version: string, runId: string, programs: readonly string[]): string {
  return `# The fixture image the run imported before its checks: a busybox rootfs (CONFORMANCE_FIXTURE_ROOTFS, default /bin/busybox).
mkdir -p "$tmp/rootfs/bin" "$tmp/rootfs/etc" "$tmp/rootfs/tmp" "$tmp/rootfs/root" "$tmp/rootfs/data"
cp "\${CONFORMANCE_FIXTURE_ROOTFS:-/bin/busybox}" "$tmp/rootfs/bin/busybox" 2>/dev/null || echo '#!placeholder' >"$tmp/rootfs/bin/busybox"
chmod 755 "$tmp/rootfs/bin/busybox" && chmod 1777 "$tmp/rootfs/tmp"
for program in ${programs.join(' ')}; do ln -s busybox "$tmp/rootfs/bin/$program"; done
echo 'container-api-conformance fixture' >"$tmp/rootfs/etc/fixture-release"
tar -C "$tmp/rootfs" -cf "$tmp/rootfs.tar" bin etc tmp root data
call 0 200 POST "${version}/images/create?fromSrc=-&repo=conformance-${runId}-fixture&tag=latest" -H 'Expect:' \\
  -H 'content-type: application/x-tar' --data-binary @"$tmp/rootfs.tar"`;
}
