# Shared by scripts/real-engine.sh and scripts/real-podman.sh (sourced, not run): waiting for a
# service's /_ping, the local registry both real targets push to, the token-checking one, and
# stopping by PID file.

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

# serve_registry REG PORT PIDFILE [AUTH]: Debian's docker-registry on 127.0.0.1:PORT, storing in
# REG/data, its config REG/config.yml (with AUTH, YAML lines under `auth:`, when given) and its log
# REG/registry.log; its PID goes to PIDFILE.
serve_registry() {
  local reg=$1 port=$2 pidfile=$3 auth=${4:-}
  mkdir -p "$reg/data"
  {
    printf 'version: 0.1\nstorage:\n  filesystem:\n    rootdirectory: %s\nhttp:\n  addr: 127.0.0.1:%s\n' "$reg/data" "$port"
    [ -z "$auth" ] || printf 'auth:\n%s\n' "$auth"
  } >"$reg/config.yml"
  docker-registry serve "$reg/config.yml" >"$reg/registry.log" 2>&1 &
  echo $! >"$pidfile"
}

# await_registry PORT STATUS [CURL-ARGS...]: true once GET /v2/ on 127.0.0.1:PORT answers STATUS
# (within 5 s); the last status seen goes to the variable registry_status.
await_registry() {
  local port=$1 want=$2
  shift 2
  for _ in $(seq 1 50); do
    # || true: curl fails (connection refused) until the registry listens, which set -e would end the script on.
    registry_status=$(curl -s -o /dev/null -w '%{http_code}' "$@" "http://127.0.0.1:$port/v2/" || true)
    [ "$registry_status" = "$want" ] && return 0
    sleep 0.1
  done
  return 1
}

# start_registry DIR [PORT]: a local registry on 127.0.0.1:PORT (5000), when docker-registry is
# installed and none is up; its PID goes to DIR/registry.pid.
start_registry() {
  local dir=$1 port=${2:-5000}
  command -v docker-registry >/dev/null || return 0
  curl -sf "http://127.0.0.1:$port/v2/" >/dev/null 2>&1 && return 0
  serve_registry "$dir/registry" "$port" "$dir/registry.pid"
  await_registry "$port" 200 || echo "warning: docker-registry did not come up; see $dir/registry/registry.log" >&2
}

# The repository the token of start_token_registry grants: the registry matches a token's
# repository names exactly, so the {registrytoken} check pushes tags of its own into this one
# (--registry-token-repository 127.0.0.1:PORT/conformance/registrytoken).
TOKEN_REPOSITORY=conformance/registrytoken

# b64url: base64url without padding (JOSE) of stdin.
b64url() {
  openssl base64 -A | tr '+/' '-_' | tr -d '='
}

# mint_token KEY CERT ISSUER SERVICE: a JWT (RS256) the registry's token verifier accepts, on stdout:
# signed with KEY, its certificate CERT in the x5c header (verified against the rootcertbundle),
# valid for ten years, granting pull and push on TOKEN_REPOSITORY.
mint_token() {
  local key=$1 cert=$2 issuer=$3 service=$4 now header claims
  now=$(date +%s)
  header=$(printf '{"typ":"JWT","alg":"RS256","x5c":["%s"]}' "$(openssl x509 -in "$cert" -outform DER | openssl base64 -A)" | b64url)
  claims=$(printf '{"iss":"%s","sub":"conformance","aud":"%s","iat":%d,"nbf":%d,"exp":%d,"jti":"conformance-%d","access":[{"type":"repository","name":"%s","actions":["pull","push"]}]}' \
    "$issuer" "$service" "$now" "$((now - 60))" "$((now + 315360000))" "$now" "$TOKEN_REPOSITORY" | b64url)
  printf '%s.%s.%s\n' "$header" "$claims" "$(printf '%s.%s' "$header" "$claims" | openssl dgst -sha256 -sign "$key" -binary | b64url)"
}

# start_token_registry DIR PORT: a registry (Debian's docker-registry) on 127.0.0.1:PORT that takes
# only bearer tokens (auth: token) signed by a throwaway key of DIR/token-registry, and
# DIR/registry-token, a token it accepts: the {registrytoken} check sends it as X-Registry-Auth
# {registrytoken} and needs a registry that refuses anyone else to see whether the daemon passed
# it. Its realm names a path the registry does not serve, so no client gets a token but this one.
# Without openssl, a warning and no such registry. Its PID goes to DIR/token-registry.pid.
start_token_registry() {
  local dir=$1 port=$2 reg="$1/token-registry"
  command -v docker-registry >/dev/null || return 0
  command -v openssl >/dev/null || { echo "warning: no openssl: no token-checking registry" >&2; return 0; }
  if curl -s -o /dev/null "http://127.0.0.1:$port/v2/" 2>/dev/null; then
    [ -s "$dir/registry-token" ] || echo "warning: 127.0.0.1:$port is taken and $dir/registry-token is missing: no registry token" >&2
    return 0
  fi
  mkdir -p "$reg"
  openssl req -x509 -newkey rsa:2048 -nodes -days 3650 -subj /CN=conformance-token-issuer \
    -keyout "$reg/key.pem" -out "$reg/cert.pem" >/dev/null 2>&1 || { echo "warning: openssl could not make a key: no token-checking registry" >&2; return 0; }
  mint_token "$reg/key.pem" "$reg/cert.pem" conformance-token-issuer conformance-registry >"$dir/registry-token"
  serve_registry "$reg" "$port" "$dir/token-registry.pid" "  token:
    realm: http://127.0.0.1:$port/no-token-here
    service: conformance-registry
    issuer: conformance-token-issuer
    rootcertbundle: $reg/cert.pem"
  await_registry "$port" 200 -H "Authorization: Bearer $(cat "$dir/registry-token")" && return 0
  echo "warning: the token-checking registry did not accept its token (GET /v2/ answered $registry_status); see $reg/registry.log" >&2
  rm -f "$dir/registry-token"
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
