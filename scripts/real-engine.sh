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

start() {
  command -v dockerd >/dev/null || { echo "dockerd not found: apt-get install -y docker.io busybox-static" >&2; exit 1; }
  mkdir -p "$dir"
  if [ -S "$sock" ] && curl -sf --unix-socket "$sock" http://localhost/_ping >/dev/null 2>&1; then
    echo "unix://$sock"; return
  fi
  dockerd --host "unix://$sock" --data-root "$dir/root" --exec-root "$dir/exec" \
    --pidfile "$dir/docker.pid" >"$dir/dockerd.log" 2>&1 &
  for _ in $(seq 1 150); do
    if curl -sf --unix-socket "$sock" http://localhost/_ping >/dev/null 2>&1; then
      start_registry
      echo "unix://$sock"; return
    fi
    sleep 0.2
  done
  echo "dockerd did not answer /_ping within 30 s; see $dir/dockerd.log" >&2
  tail -20 "$dir/dockerd.log" >&2 || true
  exit 1
}

start_registry() {
  command -v docker-registry >/dev/null || return 0
  curl -sf http://127.0.0.1:5000/v2/ >/dev/null 2>&1 && return 0
  mkdir -p "$dir/registry"
  cat >"$dir/registry.yml" <<YML
version: 0.1
storage:
  filesystem:
    rootdirectory: $dir/registry
http:
  addr: 127.0.0.1:5000
YML
  docker-registry serve "$dir/registry.yml" >"$dir/registry.log" 2>&1 &
  echo $! >"$dir/registry.pid"
  for _ in $(seq 1 50); do curl -sf http://127.0.0.1:5000/v2/ >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "warning: docker-registry did not come up; see $dir/registry.log" >&2
}

stop() {
  for pidfile in "$dir/registry.pid" "$dir/docker.pid"; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null || true
    for _ in $(seq 1 100); do kill -0 "$pid" 2>/dev/null || break; sleep 0.1; done
    rm -f "$pidfile"
  done
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [DIR]" >&2; exit 2 ;;
esac
