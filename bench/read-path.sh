#!/usr/bin/env bash
# GET one customer against the read path's ceiling, side by side in one run, with the CPU every process spends per
# request (issue 42). Rows, each measured in turn, two alternating rounds:
#   node     — the Node peer (../shared/bench/anchor/server.mjs: node:http + node-postgres, no auth), the ratios' base
#   bare     — a bare Vert.x server with the same reactive PostgreSQL client (bench/BareReadPath.java): one hop's ceiling
#   bare2    — a bare Vert.x proxy in front of it: the two-hop ceiling
#   direct   — customer-service with an internal token
#   gateway  — through the api-gateway with an API key, quotas counted in a real Redis as in production
#              (BENCH_REDIS=0: the per-replica counters the local stack uses without Redis)
# CPU: utime + stime deltas from /proc/<pid>/stat over each measured window, in µs per answered request, for the
# process that serves the row and everything it calls (PostgreSQL: the postmaster and all its children); "machine" is
# the whole machine's busy time per request (/proc/stat), wrk included.
#
# Usage, from the project root, after ./mvnw -B package -DskipTests (or SLOTWISE_SKIP_BUILD=true on a built tree):
#   bench/read-path.sh [seconds per measured window, 20] [connections, 32]
# Needs wrk, node + npm, openssl, python3, redis-server (Debian: wrk, nodejs, npm, redis-server).
set -euo pipefail
DURATION="${1:-20}"; CONN="${2:-32}"
ANCHOR="$(cd "$(dirname "$0")/.." && pwd)/../shared/bench/anchor"
LIB="customer-service/target/quarkus-app/lib/main"
for tool in wrk node npm openssl python3 redis-server; do
  command -v $tool >/dev/null || { echo "missing: $tool" >&2; exit 1; }
done
[ -f "$ANCHOR/server.mjs" ] || { echo "the Node peer is not at $ANCHOR" >&2; exit 1; }
[ -d "$LIB" ] || { echo "build first: ./mvnw -B package -DskipTests ($LIB is missing)" >&2; exit 1; }
NODE_DIR="${TMPDIR:-/tmp}/slotwise-anchor-node"
if [ ! -d "$NODE_DIR/node_modules/pg" ]; then
  mkdir -p "$NODE_DIR" && cp "$ANCHOR/package.json" "$ANCHOR/package-lock.json" "$NODE_DIR/"
  (cd "$NODE_DIR" && npm ci --no-audit --no-fund --silent)
fi
cp "$ANCHOR/server.mjs" "$NODE_DIR/server.mjs"

PIDS=()
stop_all() { for pid in "${PIDS[@]}"; do kill "$pid" 2>/dev/null || true; done; }
if [ "${BENCH_REDIS:-1}" != 0 ]; then
  REDIS_PORT=18679
  redis-server --port "$REDIS_PORT" --bind 127.0.0.1 --save '' --appendonly no >/dev/null & REDIS_PID=$!; PIDS+=("$REDIS_PID")
  export SLOTWISE_RATE_LIMIT_REDIS_URL="redis://127.0.0.1:$REDIS_PORT"
fi
BENCH_PORT="${BENCH_PORT:-18680}" . bench/stack.sh
trap 'stop_all; cleanup' EXIT

py() { python3 -c "$@"; }
component() { py 'import json,sys; print([c for c in json.load(open(sys.argv[1]))["components"] if c["name"]==sys.argv[2]][0][sys.argv[3]])' "$DATA/stack.json" "$1" "$2"; }
PGPORT=$(component postgresql port); CUSTOMERS=$(component customer-service url)
ADMIN="$(cat "$DATA/secrets/admin-token")"
TENANT=$(curl -sf -H "Authorization: Bearer $ADMIN" "$GATEWAY/admin/v1/tenants" | py 'import json,sys; print([t for t in json.load(sys.stdin)["data"] if t["name"]=="Demo Salon"][0]["id"])')
CUSTOMER=$(curl -sf -H "Authorization: Bearer $KEY" "$GATEWAY/api/v1/customers?limit=1" | py 'import json,sys; print(json.load(sys.stdin)["data"][0]["id"])')
RKEY=$(curl -sf -X POST -H "Authorization: Bearer $ADMIN" -H 'Content-Type: application/json' -d '{"name":"read-path","scopes":["customers.read"]}' \
  "$GATEWAY/admin/v1/tenants/$TENANT/api-keys" | py 'import json,sys; print(json.load(sys.stdin)["key"])')
RTOK="$(internal_token "$TENANT" customers.read 7200)"

PGPORT=$PGPORT TENANT=$TENANT PORT=18699 node "$NODE_DIR/server.mjs" & NODE_PID=$!; PIDS+=("$NODE_PID")
# shellcheck disable=SC2086
java $BENCH_JVM -XX:TrimNativeHeapInterval=5000 \
  -cp "$LIB/*" bench/BareReadPath.java server 18601 "$PGPORT" "$TENANT" >"$DATA/bare.log" 2>&1 & BARE_PID=$!; PIDS+=("$BARE_PID")
# shellcheck disable=SC2086
java $BENCH_JVM -XX:TrimNativeHeapInterval=5000 \
  -cp "$LIB/*" bench/BareReadPath.java proxy 18602 18601 >"$DATA/bare-proxy.log" 2>&1 & PROXY_PID=$!; PIDS+=("$PROXY_PID")
for url in "http://127.0.0.1:18699" "http://127.0.0.1:18601" "http://127.0.0.1:18602"; do
  for _ in $(seq 1 100); do curl -sf -o /dev/null "$url/api/v1/customers/$CUSTOMER" && break; sleep 0.3; done
  curl -sf -o /dev/null "$url/api/v1/customers/$CUSTOMER" || { echo "$url did not answer"; cat "$DATA"/bare*.log; exit 1; }
done
curl -sf -o /dev/null -H "Authorization: Bearer $RTOK" "$CUSTOMERS/api/v1/customers/$CUSTOMER" || { echo "the minted internal token was refused" >&2; exit 1; }

GATEWAY_PID=$(component api-gateway pid); SERVICE_PID=$(component customer-service pid); PG_PID=$(component postgresql pid)
export DATA DURATION CONN CUSTOMER RTOK RKEY GATEWAY CUSTOMERS NODE_PID BARE_PID PROXY_PID GATEWAY_PID SERVICE_PID PG_PID
export REDIS_PID="${REDIS_PID:-0}"
python3 - <<'PY'
import os, re, subprocess
E = os.environ
TICK_US = 1_000_000 / os.sysconf("SC_CLK_TCK")

def ticks(pid):
    try:
        fields = open(f"/proc/{pid}/stat").read().rsplit(")", 1)[1].split()
        return int(fields[11]) + int(fields[12])
    except (FileNotFoundError, ProcessLookupError):
        return 0

def children(pid):
    kids = []
    for entry in os.listdir("/proc"):
        if entry.isdigit():
            try:
                if int(open(f"/proc/{entry}/stat").read().rsplit(")", 1)[1].split()[1]) == pid:
                    kids.append(int(entry))
            except (FileNotFoundError, ProcessLookupError, IndexError):
                pass
    return kids

def machine():
    values = [int(v) for v in open("/proc/stat").readline().split()[1:]]
    return sum(values) - values[3] - values[4]

GROUPS = {"node": [int(E["NODE_PID"])], "bare": [int(E["BARE_PID"])], "bare-proxy": [int(E["PROXY_PID"])],
          "service": [int(E["SERVICE_PID"])], "gateway": [int(E["GATEWAY_PID"])], "redis": [int(E["REDIS_PID"])]}

def snapshot():
    pg = int(E["PG_PID"])
    taken = {name: {pid: ticks(pid) for pid in pids if pid} for name, pids in GROUPS.items()}
    taken["postgres"] = {pid: ticks(pid) for pid in [pg] + children(pg)}
    taken["machine"] = {0: machine()}
    return taken

def used(before, after):
    return {name: sum(after[name][pid] - before[name].get(pid, 0) for pid in after[name]) for name in after}

def wrk(url, token, seconds):
    cmd = ["wrk", "-t2", f"-c{E['CONN']}", f"-d{seconds}s", "--latency"]
    if token:
        cmd += ["-H", f"Authorization: Bearer {token}"]
    return subprocess.run(cmd + [url], capture_output=True, text=True, check=True).stdout

def ms(value):
    number, unit = re.match(r"([\d.]+)(us|ms|s)$", value).groups()
    return float(number) * {"us": 0.001, "ms": 1, "s": 1000}[unit]

path = f"/api/v1/customers/{E['CUSTOMER']}"
ROWS = [("node", f"http://127.0.0.1:18699{path}", None, ["node", "postgres"]),
        ("bare", f"http://127.0.0.1:18601{path}", None, ["bare", "postgres"]),
        ("bare2", f"http://127.0.0.1:18602{path}", None, ["bare-proxy", "bare", "postgres"]),
        ("direct", f"{E['CUSTOMERS']}{path}", E["RTOK"], ["service", "postgres"]),
        ("gateway", f"{E['GATEWAY']}{path}", E["RKEY"], ["gateway", "service", "postgres", "redis"])]
duration = int(E["DURATION"])
results = {name: [] for name, *_ in ROWS}
print(f"warming each row for 10 s, then two rounds of {duration} s per row at {E['CONN']} connections", flush=True)
for name, url, token, _ in ROWS:
    wrk(url, token, 10)
for round_ in (1, 2):
    for name, url, token, groups in ROWS:
        before = snapshot()
        out = wrk(url, token, duration)
        cpu = used(before, snapshot())
        requests = int(re.search(r"(\d+) requests in", out).group(1))
        bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
        row = {"rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
               "p50": ms(re.search(r"^\s+50%\s+(\S+)", out, re.M).group(1)),
               "p99": ms(re.search(r"^\s+99%\s+(\S+)", out, re.M).group(1)),
               "bad": int(bad.group(1)) if bad else 0,
               "cpu": {g: cpu[g] * TICK_US / max(requests, 1) for g in groups + ["machine"]}}
        results[name].append(row)
        print(f"round {round_} {name:8s} {row['rps']:8.0f} req/s  non-2xx {row['bad']}  "
              + "  ".join(f"{g} {v:.0f} µs" for g, v in row["cpu"].items()), flush=True)

def mean(name, key, group=None):
    values = [r["cpu"].get(group, 0) if group else r[key] for r in results[name]]
    return sum(values) / len(values)

node = mean("node", "rps")
print(f"\nGET one customer, {E['CONN']} connections, mean of two rounds of {duration} s; µs of CPU per request")
print("| | req/s | × node | × ceiling | p50 ms | p99 ms | non-2xx | serving process(es) µs | PostgreSQL µs | Redis µs | machine µs |")
print("|---|---|---|---|---|---|---|---|---|---|---|")
ceiling = {"direct": "bare", "gateway": "bare2"}
for name, _, _, groups in ROWS:
    rps = mean(name, "rps")
    over = f"{rps / mean(ceiling[name], 'rps'):.2f}×" if name in ceiling else "–"
    serving = " + ".join(f"{g} {mean(name, None, g):.0f}" for g in groups if g not in ("postgres", "redis"))
    redis = f"{mean(name, None, 'redis'):.0f}" if "redis" in groups else "–"
    print(f"| {name} | {rps:,.0f} | {rps / node:.2f}× | {over} | {mean(name, 'p50'):.2f} | {mean(name, 'p99'):.2f} | "
          f"{sum(r['bad'] for r in results[name])} | {serving} | {mean(name, None, 'postgres'):.0f} | {redis} | "
          f"{mean(name, None, 'machine'):.0f} |")
PY
if [ -n "${REDIS_PID:-}" ] && [ "$REDIS_PID" != 0 ]; then
  echo "quota counters in Redis after the run: $(redis-cli -p "$REDIS_PORT" dbsize) keys"
fi
RSS=$(py 'import json,sys
tot=0
for c in json.load(open(sys.argv[1]))["components"]:
    try:
        for l in open("/proc/%d/status" % c["pid"]):
            if l.startswith("VmRSS"): tot+=int(l.split()[1])
    except Exception: pass
print(tot//1024)' "$DATA/stack.json")
echo "resident memory of the stack (stack.json processes): $RSS MiB"
