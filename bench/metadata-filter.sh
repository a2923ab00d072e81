#!/usr/bin/env bash
# The metadata filter at a million customers (CONTRACT §19, issue 39): one tenant with 1,000,000 customers, each with
# an integrator's id in metadata ({"crmId": "crm-<n>"}) and a shared value ({"source": "import"}), then
# GET /api/v1/customers?metadata[crmId]=crm-<a random one> through the gateway with wrk.
# Target: p99 <= 10 ms, measured as latency (few connections, after a warm-up). Also prints the plan (the GIN index
# customers_metadata_idx through the inlined metadata_has). Usage: bench/metadata-filter.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN="${1:-20}"
CONNECTIONS="${2:-2}"
source bench/stack.sh

PG_PORT="$(python3 -c "import json,sys; d=json.load(open('$DATA/stack.json')); print(next(c['port'] for c in d['components'] if c['name']=='postgresql'))")"
psql_customers() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d customers -v ON_ERROR_STOP=1 -qAt "$@"; }

ID="$(curl -fsS -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"firstName":"Bench"}' "$GATEWAY/api/v1/customers" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
TENANT="$(psql_customers -c "select tenant_id from customers where id = '$ID'")"
echo "loading 1,000,000 customers with metadata into $TENANT"
psql_customers <<SQL
insert into customers (id, tenant_id, first_name, marketing_consent, metadata, created_at, updated_at)
select 'cus_' || lpad(to_hex(i), 26, '0'), '$TENANT', 'Meta' || i, false,
       jsonb_build_object('crmId', 'crm-' || i, 'source', 'import'), now(), now()
from generate_series(1, 1000000) as i;
vacuum (analyze) customers;
SQL
echo "plan of the filter (as the service sends it):"
psql_customers -c "explain (analyze, costs off) select * from customers where tenant_id = '$TENANT'
  and metadata_has(metadata, '{\"crmId\":\"crm-777\"}') = true order by concat(id, '') desc limit 21"

LUA="$DATA/metadata.lua"
cat >"$LUA" <<'LUA'
math.randomseed(os.time())
request = function()
  local path = "/api/v1/customers?metadata%5BcrmId%5D=crm-" .. math.random(1, 1000000)
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. os.getenv("KEY") })
end
LUA
# warm-up, not reported: 30 s, so that the C2 compiler has finished with the path before the measured window (after
# 10 s it still took a large share of the services' CPU and set the tail of the first runs)
KEY="$KEY" wrk -t2 -c8 -d30s -s "$LUA" "$GATEWAY" >/dev/null
echo "== metadata[crmId]: ${SECONDS_PER_RUN}s, $CONNECTIONS connections"
KEY="$KEY" wrk -t"$(( CONNECTIONS < 2 ? 1 : 2 ))" -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$LUA" "$GATEWAY" \
  | grep -E "Requests/sec|Latency |50%|90%|99%|Non-2xx"
