# Sourced by the benchmarks: starts ./slotwise up in a temporary data directory, with the full JIT and quotas
# raised so a benchmark measures the work and not 429s, and stops it (and removes the data) when the script exits.
# Sets DATA, GATEWAY and KEY (the demo tenant's API key), and exports PGPASSWORD.
DATA="$(mktemp -d /tmp/slotwise-bench-XXXXXX)"
PORT="${BENCH_PORT:-18480}"
LOG="$DATA/up.log"
# (the stack exits 143 on SIGTERM: under set -e an unguarded wait would end the script there, data left behind)
# A benchmark that fails keeps the stack's logs (its data goes): they are what explains the failure.
cleanup() {
  local status=$?
  if [ -n "${UP_PID:-}" ] && kill "$UP_PID" 2>/dev/null; then wait "$UP_PID" 2>/dev/null || true; fi
  if [ "$status" -ne 0 ] && [ -d "$DATA/logs" ]; then
    KEPT="$(mktemp -d /tmp/slotwise-bench-logs-XXXXXX)"
    cp -r "$DATA/logs" "$DATA/up.log" "$KEPT/" 2>/dev/null || true
    echo "the benchmark failed (exit $status); the stack's logs are kept in $KEPT" >&2
  fi
  rm -rf "$DATA"
}
trap cleanup EXIT

# services with their full JIT (the local stack's default is C1 only, for a quick start) and the collector the JVM
# picks in production: a pod of k8s/ has 512 MiB, under the 1,792 MiB from which the JVM would choose G1, so it runs
# the serial collector (2026-11-26: ParallelGC's bookkeeping cost each JVM 18 MiB, see bench/README.md). A benchmark
# may set other flags through BENCH_JVM_OPTIONS, SLOTWISE_JVM_OPTIONS overrides both. Logging as in production
# (k8s/): the gateway's access line for every request, the services' own access lines (DEBUG, on in the local
# stack) off.
BENCH_JVM="${SLOTWISE_JVM_OPTIONS:-${BENCH_JVM_OPTIONS:--Xms32m -Xmx256m -XX:MaxNewSize=32m -XX:+UseSerialGC}}"
QUARKUS_LOG_CATEGORY__SLOTWISE_ACCESS__LEVEL="${QUARKUS_LOG_CATEGORY__SLOTWISE_ACCESS__LEVEL:-INFO}" \
SLOTWISE_JVM_OPTIONS="$BENCH_JVM" \
SLOTWISE_DATA_DIR="$DATA" SLOTWISE_HTTP_PORT="$PORT" SLOTWISE_RATE_LIMIT_PLANS_PRO=1000000000 \
  ./slotwise up >"$LOG" 2>&1 &
UP_PID=$!
for _ in $(seq 1 240); do grep -q "Slotwise is ready" "$LOG" && break; sleep 1; done
grep -q "Slotwise is ready" "$LOG" || { cat "$LOG"; exit 1; }

GATEWAY="http://127.0.0.1:$PORT"
KEY="$(cat "$DATA/secrets/demo-api-key")"
# the local PostgreSQL needs its password (psql, pgbench and node-postgres read PGPASSWORD)
export PGPASSWORD="$(cat "$DATA/secrets/postgres-password")"

# A service in production has run for hours: C2 has compiled its hot paths. On two shared cores a fresh JVM is
# still compiling after 80 s of load (customer-service: 550 methods and 13 s of compiler CPU in a 20 s window after
# 60 s of writes), so a benchmark that starts at once measures the JIT. BENCH_WARMUP seconds (default 60, 0 for
# none) of reads and writes of customers through the gateway, both at once, before the benchmark's own warm-up.
WARMUP="${BENCH_WARMUP:-60}"
if [ "$WARMUP" -gt 0 ] && command -v wrk >/dev/null; then
  cat > "$DATA/warm-up.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"firstName":"Warm","lastName":"Up"}'
wrk.headers["Content-Type"] = "application/json"
LUA
  WARM_CUSTOMER="$(curl -sf -X POST -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
    -d '{"firstName":"Warm","lastName":"Up"}' "$GATEWAY/api/v1/customers" | sed -E 's/.*"id":"([^"]+)".*/\1/')"
  echo "warming the services' JIT for $WARMUP s (BENCH_WARMUP)"
  wrk -t1 -c16 -d"$WARMUP"s -H "Authorization: Bearer $KEY" "$GATEWAY/api/v1/customers/$WARM_CUSTOMER" >/dev/null &
  WARM_READS=$!
  wrk -t1 -c16 -d"$WARMUP"s -H "Authorization: Bearer $KEY" -s "$DATA/warm-up.lua" "$GATEWAY/api/v1/customers" >/dev/null
  wait "$WARM_READS"
fi

# An internal token as the gateway issues it (RS256, signed with the stack's own key), for calling a service directly:
#   internal_token TENANT_ID SCOPE [SECONDS valid, 3600]
b64url() { openssl base64 -A | tr '+/' '-_' | tr -d '='; }
internal_token() {
  local now header payload
  [ -f "$DATA/signing.pem" ] || { echo "-----BEGIN PRIVATE KEY-----"; fold -w 64 "$DATA/secrets/internal-token.key"; echo
    echo "-----END PRIVATE KEY-----"; } > "$DATA/signing.pem"
  now=$(date +%s)
  header=$(printf '{"alg":"RS256","typ":"JWT","kid":"gateway"}' | b64url)
  payload=$(printf '{"iss":"https://gateway.slotwise.internal","aud":"slotwise-services","sub":"bench","tenant_id":"%s","scope":"%s","tz":"UTC","iat":%d,"exp":%d}' \
    "$1" "$2" "$now" $((now + ${3:-3600})) | b64url)
  echo "$header.$payload.$(printf '%s.%s' "$header" "$payload" | openssl dgst -sha256 -sign "$DATA/signing.pem" | b64url)"
}
