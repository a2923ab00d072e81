#!/usr/bin/env bash
# Gateway overhead, side by side in one run: wrk against GET /api/v1/customers/{id} through the gateway (API key:
# hash lookup, quota, scope, internal token, proxy) and directly against customer-service (with a valid internal
# token, minted here with openssl from the stack's own key), same data, alternating rounds.
#
#   bench/gateway.sh [seconds per round, default 20] [connections, default 32]
#
# Needs wrk and openssl (Debian packages). Starts its own stack with ./slotwise up in a temporary data directory
# (quota raised so the benchmark measures forwarding, not 429s) and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-20}"
CONNECTIONS="${2:-32}"
command -v wrk >/dev/null || { echo "wrk is missing: apt-get install wrk" >&2; exit 1; }

. bench/stack.sh
CUSTOMERS="$(python3 -c 'import json,sys; c=[x for x in json.load(open(sys.argv[1]))["components"] if x["name"]=="customer-service"][0]; print(c["url"])' "$DATA/stack.json")"
CUSTOMER="$(curl -sf -H "Authorization: Bearer $KEY" "$GATEWAY/api/v1/customers?limit=1" | python3 -c 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')"
ADMIN="$(cat "$DATA/secrets/admin-token")"
TENANT="$(curl -sf -H "Authorization: Bearer $ADMIN" "$GATEWAY/admin/v1/tenants" | python3 -c 'import json,sys; print([t for t in json.load(sys.stdin)["data"] if t["name"]=="Demo Salon"][0]["id"])')"
# Both paths carry the same scope, so that customer-service does the same work on both: through the gateway a key
# holding only customers.read (least privilege, as an app that reads customers would have), directly a token
# naming customers.read. The demo key holds every scope, and a token listing them all costs the service more to
# parse than this one: that would be counted as the gateway's overhead.
KEY="$(curl -sf -X POST -H "Authorization: Bearer $ADMIN" -H 'Content-Type: application/json' \
  -d '{"name":"bench: customers.read","scopes":["customers.read"]}' "$GATEWAY/admin/v1/tenants/$TENANT/api-keys" \
  | python3 -c 'import json,sys; print(json.load(sys.stdin)["key"])')"

INTERNAL="$(internal_token "$TENANT" customers.read)"
curl -sf -o /dev/null -H "Authorization: Bearer $INTERNAL" "$CUSTOMERS/api/v1/customers/$CUSTOMER" \
  || { echo "the minted internal token was refused" >&2; exit 1; }

run() { # name url token connections
  wrk -t"$(( $4 < 2 ? 1 : 2 ))" -c"$4" -d"${DURATION}s" --latency -H "Authorization: Bearer $3" "$2" > "$DATA/$1.txt"
  python3 - "$DATA/$1.txt" "$1" <<'PY'
import re, sys
text = open(sys.argv[1]).read()
def ms(v):
    found = re.match(r"([\d.]+)(us|ms|s|m)$", v)
    if not found:
        sys.exit("cannot read wrk's output:\n" + text)
    n, unit = found.groups()
    return float(n) * {"us": 0.001, "ms": 1, "s": 1000, "m": 60000}[unit]
rps = float(re.search(r"Requests/sec:\s+([\d.]+)", text).group(1))
p50 = ms(re.search(r"^\s+50%\s+(\S+)", text, re.M).group(1))
p99 = ms(re.search(r"^\s+99%\s+(\S+)", text, re.M).group(1))
errors = re.search(r"Non-2xx or 3xx responses: (\d+)", text)
print(f"{sys.argv[2]} {rps:.0f} {p50:.2f} {p99:.2f} {errors.group(1) if errors else 0}")
PY
}

echo "warming up (30 s each, so that the JIT has compiled the hot paths)"
wrk -t2 -c"$CONNECTIONS" -d30s -H "Authorization: Bearer $INTERNAL" "$CUSTOMERS/api/v1/customers/$CUSTOMER" >/dev/null
wrk -t2 -c"$CONNECTIONS" -d30s -H "Authorization: Bearer $KEY" "$GATEWAY/api/v1/customers/$CUSTOMER" >/dev/null

: > "$DATA/results"
for round in 1 2; do
  # throughput: enough connections to saturate both cores; latency: one connection, no queueing
  run "load-direct-$round" "$CUSTOMERS/api/v1/customers/$CUSTOMER" "$INTERNAL" "$CONNECTIONS" | tee -a "$DATA/results"
  run "load-gateway-$round" "$GATEWAY/api/v1/customers/$CUSTOMER" "$KEY" "$CONNECTIONS" | tee -a "$DATA/results"
  run "single-direct-$round" "$CUSTOMERS/api/v1/customers/$CUSTOMER" "$INTERNAL" 1 | tee -a "$DATA/results"
  run "single-gateway-$round" "$GATEWAY/api/v1/customers/$CUSTOMER" "$KEY" 1 | tee -a "$DATA/results"
done
python3 - "$DATA/results" "$DURATION" "$CONNECTIONS" <<'PY'
import sys
rows = [line.split() for line in open(sys.argv[1])]
def avg(kind, col):
    values = [float(r[col]) for r in rows if r[0].startswith(kind)]
    return sum(values) / len(values)
print()
print(f"GET /api/v1/customers/{{id}}, wrk {sys.argv[2]} s per round, two alternating rounds each")
for mode, label in (("load", f"{sys.argv[3]} connections"), ("single", "1 connection")):
    d, g = mode + "-direct", mode + "-gateway"
    print(f"{label}:")
    print(f"  direct  : {avg(d, 1):8.0f} req/s  p50 {avg(d, 2):6.2f} ms  p99 {avg(d, 3):6.2f} ms")
    print(f"  gateway : {avg(g, 1):8.0f} req/s  p50 {avg(g, 2):6.2f} ms  p99 {avg(g, 3):6.2f} ms")
    print(f"  ratio gateway/direct throughput {avg(g, 1) / avg(d, 1):.2f}; added p50 {avg(g, 2) - avg(d, 2):+.2f} ms, "
          f"added p99 {avg(g, 3) - avg(d, 3):+.2f} ms")
print(f"non-2xx answers: {sum(int(r[4]) for r in rows)}")
PY
