# Shared by scripts/real-engine.sh and scripts/real-podman.sh (sourced, not run): waiting for a
# service's /_ping, the local registry both real targets push to, and stopping by PID file.

# ping_unix SOCK: true when the service on SOCK answers /_ping.
ping_unix() {
  [ -S "$1" ] && curl -sf --max-time 2 --unix-socket "$1" http://localhost/_ping >/dev/null 2>&1
}

# wait_ping SOCK SECONDS LOG NAME: waits for /_ping; on timeout prints the log's tail and exits 1.
wait_ping() {
  local sock=$1 seconds=$2 log=$3 name=$4 i
  for i in $(seq 1 $((seconds * 5))); do
    ping_unix "$sock" && return 0
    sleep 0.2
  done
  echo "$name did not answer /_ping within $seconds s; see $log" >&2
  tail -20 "$log" >&2 || true
  exit 1
}

# start_registry DIR [PORT]: a local registry (Debian's docker-registry) on 127.0.0.1:PORT (5000),
# when installed and not already up; its PID goes to DIR/registry.pid.
start_registry() {
  local dir=$1 port=${2:-5000}
  command -v docker-registry >/dev/null || return 0
  curl -sf "http://127.0.0.1:$port/v2/" >/dev/null 2>&1 && return 0
  mkdir -p "$dir/registry"
  cat >"$dir/registry.yml" <<YML
version: 0.1
storage:
  filesystem:
    rootdirectory: $dir/registry
http:
  addr: 127.0.0.1:$port
YML
  docker-registry serve "$dir/registry.yml" >"$dir/registry.log" 2>&1 &
  echo $! >"$dir/registry.pid"
  for _ in $(seq 1 50); do curl -sf "http://127.0.0.1:$port/v2/" >/dev/null 2>&1 && return 0; sleep 0.1; done
  echo "warning: docker-registry did not come up; see $dir/registry.log" >&2
}

# stop_pidfile FILE...: ends the processes named in the FILEs (TERM to all at once, then waiting
# up to 10 s for them together: each takes ~2 s to exit) and removes the FILEs.
stop_pidfile() {
  local pidfile pids=() pid
  for pidfile in "$@"; do
    [ -f "$pidfile" ] || continue
    pid=$(cat "$pidfile")
    kill "$pid" 2>/dev/null && pids+=("$pid")
  done
  for _ in $(seq 1 100); do
    local alive=0
    for pid in "${pids[@]}"; do kill -0 "$pid" 2>/dev/null && alive=1; done
    [ "$alive" = 0 ] && break
    sleep 0.1
  done
  rm -f "$@"
}
