#!/usr/bin/env bash
# Captures real response bodies from a Docker daemon (facts: Docker 20.10) under /v1.22/ and /v1.18/
# into captures/<version>/<schema-name>.<n>.json. Usage: capture.sh <unix-socket>
# The daemon must be running; this script creates and removes its own fixture resources.
set -euo pipefail
SOCK=${1:?usage: capture.sh <unix-socket>}
OUT=$(cd "$(dirname "$0")" && pwd)
WORK=$(mktemp -d)
trap 'rm -rf "$WORK"' EXIT

api() { curl -sS --unix-socket "$SOCK" "$@"; }
# save <version> <schema> <json-text>: next free index, pretty-printed, ids kept (no secrets here)
save() {
  local dir="$OUT/$1" n=1
  mkdir -p "$dir"
  while [[ -e "$dir/$2.$n.json" ]]; do n=$((n + 1)); done
  printf '%s' "$3" | jq . > "$dir/$2.$n.json"
}
# save_text <version> <name> <text>: a body that is not JSON (kept as evidence of a deviation)
save_text() { mkdir -p "$OUT/$1"; printf '%s' "$3" > "$OUT/$1/$2.txt"; }
# save_stream <version> <schema> <max>: one file per newline-separated object read from stdin
save_stream() {
  local count=0
  while IFS= read -r line && (( count < $3 )); do
    [[ -z "$line" ]] && continue
    save "$1" "$2" "$line"; count=$((count + 1))
  done
}

fixture_image() {
  mkdir -p "$WORK/rootfs/bin"
  cp /bin/busybox "$WORK/rootfs/bin/busybox"
  for tool in sh echo cat sleep ls true false env id hostname ps top; do ln -s busybox "$WORK/rootfs/bin/$tool"; done
  tar -C "$WORK/rootfs" -cf "$WORK/rootfs.tar" .
  api -X POST -H 'Content-Type: application/x-tar' --data-binary @"$WORK/rootfs.tar" \
    "http://d/v1.22/images/create?fromSrc=-&repo=schemas-fixture&tag=1" | save_stream 1.22 progress-object 3
}

capture_version() {
  local v=$1 b="http://d/v$1" id exec name="schemas-c-${1/./-}"
  save "$v" version "$(api "$b/version")"
  save "$v" info "$(api "$b/info")"
  save "$v" image-list "$(api "$b/images/json")"
  save "$v" image-list "$(api "$b/images/json?digests=1")"
  save "$v" image-inspect "$(api "$b/images/schemas-fixture:1/json")"
  save "$v" image-history "$(api "$b/images/schemas-fixture:1/history")"
  local since; since=$(date +%s)
  local body='{"Image":"schemas-fixture:1","Cmd":["sh","-c","echo hi; sleep 30"],"Labels":{"suite":"schemas"},"ExposedPorts":{"80/tcp":{}},"Volumes":{"/data":{}},"HostConfig":{"PortBindings":{"80/tcp":[{"HostPort":""}]},"Binds":["'"$WORK"':/bind:ro"],"RestartPolicy":{"Name":"","MaximumRetryCount":0}}}'
  local created; created=$(api -X POST -H 'Content-Type: application/json' -d "$body" "$b/containers/create?name=$name")
  save "$v" container-create-response "$created"
  id=$(jq -r .Id <<<"$created")
  save "$v" container-inspect "$(api "$b/containers/$id/json")"
  api -X POST "$b/containers/$id/start"
  sleep 0.5
  save "$v" container-inspect "$(api "$b/containers/$id/json?size=1")"
  save "$v" container-list "$(api "$b/containers/json")"
  save "$v" container-list "$(api "$b/containers/json?all=1&size=1")"
  save "$v" container-top "$(api "$b/containers/$id/top")"
  save "$v" container-changes "$(api "$b/containers/$id/changes")"
  api --max-time 3 "$b/containers/$id/stats" | save_stream "$v" stats 2 || true
  local ex; ex=$(api -X POST -H 'Content-Type: application/json' -d '{"AttachStdout":true,"Cmd":["sh","-c","exit 3"]}' "$b/containers/$id/exec")
  save "$v" exec-create-response "$ex"
  exec=$(jq -r .Id <<<"$ex")
  api -X POST -H 'Content-Type: application/json' -d '{"Detach":true,"Tty":false}' "$b/exec/$exec/start" -o /dev/null
  sleep 0.5
  save "$v" exec-inspect "$(api "$b/exec/$exec/json")"
  if [[ $v == 1.22 ]]; then capture_122_container "$b" "$id"; fi
  api -X POST "$b/containers/$id/kill"
  save "$v" container-wait "$(api -X POST "$b/containers/$id/wait")"
  save "$v" commit-response "$(api -X POST -H 'Content-Type: application/json' -d '{}' "$b/commit?container=$id&repo=schemas-commit&tag=$name")"
  save "$v" image-delete-response "$(api -X DELETE "$b/images/schemas-commit:$name")"
  api -X DELETE "$b/containers/$id?v=1"
  api --max-time 2 "$b/events?since=$since&until=$(( $(date +%s) + 1 ))" | save_stream "$v" event 40 || true
}

capture_122_container() {
  local b=$1 id=$2
  save 1.22 container-update-response "$(api -X POST -H 'Content-Type: application/json' -d '{"CpuShares":512}' "$b/containers/$id/update")"
  local stat; stat=$(api -I "$b/containers/$id/archive?path=/bin/sh" | tr -d '\r' | sed -n 's/^X-Docker-Container-Path-Stat: //Ip')
  save 1.22 archive-path-stat "$(base64 -d <<<"$stat")"
  save_text 1.22 archive-error.404 "$(api "$b/containers/$id/archive?path=/no/such/path")"
  save_text 1.22 archive-error.400 "$(api "$b/containers/$id/archive?path=")"
  local vol; vol=$(api -X POST -H 'Content-Type: application/json' -d '{"Name":"schemas-vol"}' "$b/volumes/create")
  save 1.22 volume "$vol"
  save 1.22 volume "$(api "$b/volumes/schemas-vol")"
  save 1.22 volume-list "$(api "$b/volumes")"
  local net; net=$(api -X POST -H 'Content-Type: application/json' -d '{"Name":"schemas-net","CheckDuplicate":true,"IPAM":{"Config":[{"Subnet":"10.231.0.0/24"}]}}' "$b/networks/create")
  save 1.22 network-create-response "$net"
  api -X POST -H 'Content-Type: application/json' -d "{\"Container\":\"$id\"}" "$b/networks/schemas-net/connect"
  save 1.22 network "$(api "$b/networks/schemas-net")"
  save 1.22 network "$(api "$b/networks/bridge")"
  save 1.22 network-list "$(api "$b/networks")"
  api -X POST -H 'Content-Type: application/json' -d "{\"Container\":\"$id\",\"Force\":true}" "$b/networks/schemas-net/disconnect"
  api -X DELETE "$b/networks/schemas-net"
  api -X DELETE "$b/volumes/schemas-vol"
  mkdir -p "$WORK/ctx" && printf 'FROM schemas-fixture:1\nRUN echo built\n' > "$WORK/ctx/Dockerfile"
  tar -C "$WORK/ctx" -cf "$WORK/ctx.tar" .
  api -X POST -H 'Content-Type: application/x-tar' --data-binary @"$WORK/ctx.tar" "$b/build?t=schemas-built:1&rm=1" | save_stream 1.22 build-stream-object 20
  printf 'FROM schemas-fixture:1\nRUN false\n' > "$WORK/ctx/Dockerfile"
  tar -C "$WORK/ctx" -cf "$WORK/ctx.tar" .
  api -X POST -H 'Content-Type: application/x-tar' --data-binary @"$WORK/ctx.tar" "$b/build?rm=1" | tail -n 1 | save_stream 1.22 build-stream-object 1
  save 1.22 image-delete-response "$(api -X DELETE "$b/images/schemas-built:1")"
}

cleanup() {
  for c in schemas-c-1-22 schemas-c-1-18; do api -X DELETE "http://d/v1.22/containers/$c?force=1&v=1" >/dev/null; done
  api -X DELETE "http://d/v1.22/networks/schemas-net" >/dev/null
  api -X DELETE "http://d/v1.22/volumes/schemas-vol" >/dev/null
  for i in schemas-built:1 schemas-fixture:1; do api -X DELETE "http://d/v1.22/images/$i?force=1" >/dev/null; done
}

cleanup
rm -f "$OUT"/1.*/*.[0-9]*.json "$OUT"/1.*/*.txt  # keeps the hand-made *.cli.json request captures
fixture_image
capture_version 1.22
capture_version 1.18
cleanup
