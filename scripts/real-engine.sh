#!/usr/bin/env bash
# Starts or stops a real Docker Engine (Debian's docker.io) on a private socket, with its own
# data and exec roots, for the conformance suites' real-target runs. Needs root.
#   scripts/real-engine.sh start [DIR]   prints the socket URL when the daemon answers /_ping
#   scripts/real-engine.sh stop [DIR]
# A local registry (Debian's docker-registry) on 127.0.0.1:5000 is started with it when installed,
# and a second one on 127.0.0.1:5001 that refuses wrong credentials (htpasswd account
# conformance:conformance): the registry credential checks need it to tell whether the daemon
# passes X-Registry-Auth / X-Registry-Config, e.g.
#   --registry 127.0.0.1:5001 --registry-auth conformance:conformance
set -euo pipefail
cmd=${1:-}
dir=${2:-/tmp/conformance-real-engine}
sock="$dir/docker.sock"
. "$(dirname "$0")/lib/real-target.sh"

start() {
  command -v dockerd >/dev/null || { echo "dockerd not found: apt-get install -y docker.io busybox-static" >&2; exit 1; }
  mkdir -p "$dir"
  if ping_unix "$sock"; then
    echo "unix://$sock"; return
  fi
  dockerd --host "unix://$sock" --data-root "$dir/root" --exec-root "$dir/exec" \
    --pidfile "$dir/docker.pid" >"$dir/dockerd.log" 2>&1 &
  wait_ping "$sock" 30 "$dir/dockerd.log" dockerd
  start_registry "$dir"
  start_auth_registry
  echo "unix://$sock"
}

# A registry on 127.0.0.1:5001 with htpasswd basic auth (bcrypt, from python3's crypt module).
# The daemon treats 127.0.0.0/8 as insecure, so it talks plain HTTP to it and sends the credentials.
start_auth_registry() {
  command -v docker-registry >/dev/null || return 0
  curl -s -o /dev/null http://127.0.0.1:5001/v2/ 2>/dev/null && return 0
  local reg="$dir/auth-registry"
  mkdir -p "$reg/data"
  python3 -c "import crypt; print('conformance:' + crypt.crypt('conformance', crypt.mksalt(crypt.METHOD_BLOWFISH)))" \
    >"$reg/htpasswd" 2>/dev/null || { echo "warning: no bcrypt (python3 crypt): no credential-checking registry" >&2; return 0; }
  cat >"$reg/config.yml" <<YML
version: 0.1
storage:
  filesystem:
    rootdirectory: $reg/data
http:
  addr: 127.0.0.1:5001
auth:
  htpasswd:
    realm: conformance
    path: $reg/htpasswd
YML
  docker-registry serve "$reg/config.yml" >"$reg/registry.log" 2>&1 &
  echo $! >"$dir/auth-registry.pid"
  for _ in $(seq 1 50); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' http://127.0.0.1:5001/v2/)" = 401 ] && return 0
    sleep 0.1
  done
  echo "warning: the credential-checking registry did not come up; see $reg/registry.log" >&2
}

stop() {
  stop_pidfile "$dir/auth-registry.pid"
  stop_pidfile "$dir/registry.pid"
  stop_pidfile "$dir/docker.pid"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [DIR]" >&2; exit 2 ;;
esac
