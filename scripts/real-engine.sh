#!/usr/bin/env bash
# Starts or stops a real Docker Engine (Debian's docker.io) on a private socket, with its own
# data and exec roots, for the conformance suites' real-target runs. Needs root.
#   scripts/real-engine.sh start [DIR]   prints the socket URL when the daemon answers /_ping
#   scripts/real-engine.sh stop [DIR]
# A local registry (Debian's docker-registry) on 127.0.0.1:5000 is started with it when installed.
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
  echo "unix://$sock"
}

stop() {
  stop_pidfile "$dir/registry.pid"
  stop_pidfile "$dir/docker.pid"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [DIR]" >&2; exit 2 ;;
esac
