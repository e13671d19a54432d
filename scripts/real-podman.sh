#!/usr/bin/env bash
# Starts or stops Podman's Docker-compatible service (Debian's podman) as root on a private socket,
# with its own storage, state, network config, events log and TMPDIR, for the conformance suites'
# real-target runs. Needs root.
#   scripts/real-podman.sh start [DIR]   prints the socket URL when the service answers /_ping
#   scripts/real-podman.sh stop [DIR]    stops it by PID and removes what it created (but its log)
# A local registry (Debian's docker-registry) on 127.0.0.1:5002 is started with it when installed
# and not already running; the private registries.conf lets Podman use it over plain HTTP. It is
# not the Docker target's (5000): the real layer runs both targets at once, and each stops its own.
# So is the one on 127.0.0.1:5004 that takes only bearer tokens, with DIR/registry-token one it
# accepts (needs openssl), for the X-Registry-Auth {registrytoken} check:
#   --registry-token-repository 127.0.0.1:5004/conformance/registrytoken --registry-token-file DIR/registry-token
# CONFORMANCE_PODMAN_DRIVER=vfs chooses the storage driver (default overlay).
set -euo pipefail
cmd=${1:-}
dir=${2:-/tmp/conformance-real-podman}
sock="$dir/podman.sock"
. "$(dirname "$0")/lib/real-target.sh"

export CONTAINERS_CONF="$dir/containers.conf"
export CONTAINERS_STORAGE_CONF="$dir/storage.conf"
export CONTAINERS_REGISTRIES_CONF="$dir/registries.conf"
export TMPDIR="$dir/tmpdir"
# netavark's run directory (IPAM database, aardvark-dns config); Podman 4.3 does not let it be moved.
NETAVARK_RUN_DIR=/run/containers/networks

# The lower of two limits ("unlimited" is the higher).
lower() {
  if [ "$1" = unlimited ]; then echo "$2"; elif [ "$2" = unlimited ] || [ "$1" -lt "$2" ]; then echo "$1"; else echo "$2"; fi
}

# The hard limit NAME ("Max open files", "Max processes") of process PID.
hard_limit() {
  awk -v n="$2" 'index($0, n) == 1 { print $(NF - 1) }' "/proc/$1/limits"
}

# write_config NOFILE NPROC: the private configuration. Rootful Podman gives every container
# nofile/nproc 1048576 unless told otherwise, and runc may not set a limit above the service's
# own hard limit without CAP_SYS_RESOURCE. static_dir (the container database) is where
# `podman container cleanup`, run by conmon with --root, derives it: GRAPHROOT/libpod; elsewhere
# the cleanup finds no container and every wait lasts Podman's 20 s cleanup timeout. The events
# log has no size limit: a run writes about 5.4 MB of events, 4 MB of them in the create events
# of the containers a limits check labels with 1 MiB; at the default limit (1 MB) each of those
# rotated the log (sampled: the file shrank twice during one run), and an event check reading
# its own operations' events across a rotation could find none. The seccomp profile allows every
# call, so the runtime loads no filter into each container it starts (as scripts/real-engine.sh
# does for Docker; here it took both engine suites from 325 to 270 G instructions, same results).
write_config() {
  local nofile=$1 nproc=$2
  cat >"$CONTAINERS_CONF" <<CONF
[containers]
default_ulimits = ["nofile=$nofile:$nofile", "nproc=$nproc:$nproc"]
seccomp_profile = "$dir/seccomp-allow.json"

[engine]
cgroup_manager = "cgroupfs"
events_logger = "file"
events_logfile_path = "$dir/events.log"
events_logfile_max_size = "0"
tmp_dir = "$dir/tmp"
static_dir = "$dir/root/libpod"
volume_path = "$dir/volumes"

[network]
network_backend = "netavark"
network_config_dir = "$dir/networks"
CONF
  echo '{"defaultAction":"SCMP_ACT_ALLOW"}' >"$dir/seccomp-allow.json"
  cat >"$CONTAINERS_STORAGE_CONF" <<CONF
[storage]
driver = "${CONFORMANCE_PODMAN_DRIVER:-overlay}"
graphroot = "$dir/root"
runroot = "$dir/run"
CONF
  cat >"$CONTAINERS_REGISTRIES_CONF" <<CONF
unqualified-search-registries = ["docker.io"]

[[registry]]
location = "127.0.0.1:5002"
insecure = true

[[registry]]
location = "127.0.0.1:5004"
insecure = true
CONF
}

# Marks what existed before this service so that stop removes only what it created.
note_host_state() {
  podman_bridges >"$dir/bridges.preexisting"
  iptables-save 2>/dev/null | grep -q NETAVARK && touch "$dir/netavark.preexisting"
  [ -e "$NETAVARK_RUN_DIR" ] && touch "$dir/netavark-run.preexisting"
  return 0
}

# launch NOFILE NPROC: writes the configuration, starts the service and waits for /_ping.
launch() {
  write_config "$1" "$2"
  rm -f "$sock"
  podman system service --time=0 "unix://$sock" >"$dir/podman.log" 2>&1 &
  echo $! >"$dir/podman.pid"
  wait_ping "$sock" 30 "$dir/podman.log" "podman system service"
}

start() {
  local nofile nproc pid
  command -v podman >/dev/null || { echo "podman not found: apt-get install -y podman busybox-static iptables" >&2; exit 1; }
  command -v iptables >/dev/null || { echo "iptables not found (netavark needs it): apt-get install -y iptables" >&2; exit 1; }
  mkdir -p "$dir" "$TMPDIR"
  if ping_unix "$sock"; then
    echo "unix://$sock"; return
  fi
  note_host_state
  nofile=$(lower "$(ulimit -Hn)" 1048576)
  nproc=$(lower "$(ulimit -Hu)" 1048576)
  launch "$nofile" "$nproc"
  # Podman lowers its own limits at start (nproc to pid_max here): measure them and start again
  # with the container defaults at or below them.
  pid=$(cat "$dir/podman.pid")
  local got_nofile got_nproc
  got_nofile=$(lower "$nofile" "$(hard_limit "$pid" 'Max open files')")
  got_nproc=$(lower "$nproc" "$(hard_limit "$pid" 'Max processes')")
  if [ "$got_nofile" != "$nofile" ] || [ "$got_nproc" != "$nproc" ]; then
    stop_pidfile "$dir/podman.pid"
    launch "$got_nofile" "$got_nproc"
  fi
  start_registry "$dir" 5002
  start_token_registry "$dir" 5004
  echo "unix://$sock"
}

# PIDs of running PROGRAM processes whose command line names WHERE (default: this service's directory).
pids_of() {
  local program=$1 where=${2:-$dir} p cmdline
  for p in /proc/[0-9]*; do
    cmdline=$({ tr '\0' ' ' <"$p/cmdline"; } 2>/dev/null) || continue
    case "$cmdline" in *"$program"*"$where"*) echo "${p#/proc/}" ;; esac
  done
}

# netavark's NETAVARK* chains and the rules jumping to them, in the filter and nat tables.
remove_netavark_chains() {
  local cmd table rule chain
  for cmd in iptables ip6tables; do
    command -v "$cmd" >/dev/null || continue
    for table in filter nat mangle; do
      "$cmd" -t "$table" -S 2>/dev/null | grep -E '^-A [A-Z]+ .*-j NETAVARK' | while read -r rule; do
        eval "$cmd -t $table ${rule/-A/-D}" 2>/dev/null || true
      done || true
      for chain in $("$cmd" -t "$table" -S 2>/dev/null | awk '$1 == "-N" && $2 ~ /^NETAVARK/ { print $2 }'); do
        "$cmd" -t "$table" -F "$chain" 2>/dev/null || true
      done
      for chain in $("$cmd" -t "$table" -S 2>/dev/null | awk '$1 == "-N" && $2 ~ /^NETAVARK/ { print $2 }'); do
        "$cmd" -t "$table" -X "$chain" 2>/dev/null || true
      done
    done
  done
}

# netavark's bridges (podman0 for the default network, podman1, podman2 ... for the others).
podman_bridges() {
  ip -o link show type bridge 2>/dev/null | awk -F': ' '$2 ~ /^podman[0-9]+$/ { print $2 }'
}

# The bridges that came with this service and have no interface attached. Podman 4.3 leaves some
# behind when their networks go, address and route included (4 after one run of engine-1.22; 83
# after a day of runs here), holding subnets that later networks then cannot have.
remove_new_bridges() {
  local bridge
  for bridge in $(podman_bridges); do
    grep -qx "$bridge" "$dir/bridges.preexisting" 2>/dev/null && continue
    [ -z "$(ip -o link show master "$bridge" 2>/dev/null)" ] && ip link delete "$bridge" 2>/dev/null || true
  done
}

# The aardvark-dns server netavark started for the run's DNS-enabled networks, and netavark's run
# directory, when the run created it.
remove_netavark_run_dir() {
  local pid
  for pid in $(pids_of aardvark-dns "$NETAVARK_RUN_DIR"); do kill "$pid" 2>/dev/null || true; done
  rm -rf "$NETAVARK_RUN_DIR"
}

# Unmounts what is mounted under DIR and removes everything there but the service's log; a
# cleanup process started just before may mount again, hence the retries.
remove_state() {
  for _ in 1 2 3 4 5; do
    awk -v d="$dir/" 'index($2, d) == 1 { print $2 }' /proc/mounts | sort -r | while read -r m; do
      umount -l "$m" 2>/dev/null || true
    done || true
    find "$dir" -mindepth 1 -maxdepth 1 ! -name podman.log -exec rm -rf {} + 2>/dev/null && return 0
    sleep 1
  done
  echo "warning: could not remove everything under $dir" >&2
}

stop() {
  [ -d "$dir" ] || return 0
  stop_pidfile "$dir/token-registry.pid" "$dir/registry.pid" "$dir/podman.pid"
  [ -f "$CONTAINERS_CONF" ] && podman rm --all --force --time 0 >/dev/null 2>&1 || true
  # conmon of a finished exec session lingers ~300 s, then runs `podman container cleanup`,
  # which would recreate the state directory.
  for pid in $(pids_of conmon) $(pids_of aardvark-dns); do kill "$pid" 2>/dev/null || true; done
  [ -f "$dir/netavark.preexisting" ] || remove_netavark_chains
  remove_new_bridges
  [ -f "$dir/netavark-run.preexisting" ] || remove_netavark_run_dir
  remove_state
}

case "$cmd" in
  start) start ;;
  stop) stop ;;
  *) echo "usage: $0 start|stop [DIR]" >&2; exit 2 ;;
esac
