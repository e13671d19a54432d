#!/usr/bin/env bash
# Starts or stops a real Docker Engine (Debian's docker.io) on a private socket, with its own
# data and exec roots, for the conformance suites' real-target runs. Needs root. The data root is
# a tmpfs, emptied when the daemon stops.
#   scripts/real-engine.sh start [DIR]   prints the socket URL when the daemon answers /_ping
#   scripts/real-engine.sh stop [DIR]
# A local registry (Debian's docker-registry) on 127.0.0.1:5000 is started with it when installed,
# and a second one on 127.0.0.1:5001 that refuses wrong credentials (htpasswd account
# conformance:conformance): the registry credential checks need it to tell whether the daemon
# passes X-Registry-Auth / X-Registry-Config, e.g.
#   --registry 127.0.0.1:5001 --registry-auth conformance:conformance
# A third on 127.0.0.1:5003 takes only bearer tokens, and DIR/registry-token is one it accepts
# (needs openssl), for the X-Registry-Auth {registrytoken} check:
#   --registry-token-repository 127.0.0.1:5003/conformance/registrytoken --registry-token-file DIR/registry-token
set -euo pipefail
cmd=${1:-}
dir=${2:-/tmp/conformance-real-engine}
sock="$dir/docker.sock"
. "$(dirname "$0")/lib/real-target.sh"

# The data root on a tmpfs (marked by DIR.tmpfs) unless it is a mount point already; left on disk,
# with a warning, when the mount is refused. The daemon then creates and removes a container for
# less CPU: on ext4, the inode allocator scans past the many inodes the run has just freed (both
# engine suites, two workers: 70 s with the data root on ext4, 60 s on tmpfs).
storage_on_tmpfs() {
  local d=$1
  mkdir -p "$d"
  mountpoint -q "$d" && return 0
  if mount -t tmpfs -o mode=0711 conformance-storage "$d" 2>/dev/null; then
    touch "$d.tmpfs"
  else
    echo "warning: could not mount a tmpfs on $d: the data root stays on disk" >&2
  fi
}

# Unmounts the tmpfs storage_on_tmpfs mounted (its content goes with it).
storage_off_tmpfs() {
  local d=$1
  [ -f "$d.tmpfs" ] || return 0
  umount "$d" 2>/dev/null || umount -l "$d" 2>/dev/null || echo "warning: could not unmount the tmpfs on $d" >&2
  rm -f "$d.tmpfs"
}

start() {
  command -v dockerd >/dev/null || { echo "dockerd not found: apt-get install -y docker.io busybox-static" >&2; exit 1; }
  mkdir -p "$dir"
  if ping_unix "$sock"; then
    echo "unix://$sock"; return
  fi
  storage_on_tmpfs "$dir/root"
  # A seccomp profile that allows every call: the runtime then loads no filter into each container
  # it starts (compiling the default profile was ~11% of the CPU of both engine suites). No
  # requirement of the spec is about seccomp; the API answers are the same with either profile.
  echo '{"defaultAction":"SCMP_ACT_ALLOW"}' >"$dir/seccomp-allow.json"
  # No iptables rules: the daemon ran iptables ~3,600 times per run of both engine suites (about
  # 40 calls for each network the checks create and remove): 4 % of a run's instructions, 0.5-8 s
  # of its wall time. No requirement of the spec is about packet filtering; the published-port
  # checks read NetworkSettings.Ports, and the run's departures (the expectations file) are the same.
  dockerd --host "unix://$sock" --data-root "$dir/root" --exec-root "$dir/exec" \
    --pidfile "$dir/docker.pid" --seccomp-profile "$dir/seccomp-allow.json" --iptables=false >"$dir/dockerd.log" 2>&1 &
  wait_ping "$sock" 30 "$dir/dockerd.log" dockerd
  start_registry "$dir"
  start_auth_registry
  start_token_registry "$dir" 5003
  echo "unix://$sock"
}

# A registry on 127.0.0.1:5001 with htpasswd basic auth (bcrypt, from python3's crypt module).
# The daemon treats 127.0.0.0/8 as insecure, so it talks plain HTTP to it and sends the credentials.
start_auth_registry() {
  command -v docker-registry >/dev/null || return 0
  curl -s -o /dev/null http://127.0.0.1:5001/v2/ 2>/dev/null && return 0
  local reg="$dir/auth-registry"
  mkdir -p "$reg"
  python3 -c "import crypt; print('conformance:' + crypt.crypt('conformance', crypt.mksalt(crypt.METHOD_BLOWFISH)))" \
    >"$reg/htpasswd" 2>/dev/null || { echo "warning: no bcrypt (python3 crypt): no credential-checking registry" >&2; return 0; }
  serve_registry "$reg" 5001 "$dir/auth-registry.pid" "  htpasswd:
    realm: conformance
    path: $reg/htpasswd"
  await_registry 5001 401 || echo "warning: the credential-checking registry did not come up; see $reg/registry.log" >&2
}

stop() {
  stop_pidfile "$dir/token-registry.pid" "$dir/auth-registry.pid" "$dir/registry.pid" "$dir/docker.pid"
  # The token goes with its registry: a run passes it only while the file is there (tests/real/real-target.ts).
  rm -f "$dir/registry-token"
  storage_off_tmpfs "$dir/root"
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [DIR]" >&2; exit 2 ;;
esac
