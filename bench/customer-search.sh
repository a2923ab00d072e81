#!/usr/bin/env bash
# Customer search at a million customers (CONTRACT §14, issue 21): one tenant with 1,000,000 customers, then
# GET /api/v1/customers?email=<a random one of them> through the gateway with wrk, and the same with ?q=<a prefix>.
# Target: p99 <= 10 ms for the e-mail lookup, measured as latency (few connections, after a warm-up: on two cores
# more connections measure queueing, not the lookup). Usage: bench/customer-search.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN="${1:-20}"
CONNECTIONS="${2:-2}"
source bench/stack.sh

PG_PORT="$(python3 -c "import json,sys; d=json.load(open('$DATA/stack.json')); print(next(c['port'] for c in d['components'] if c['name']=='postgresql'))")"
psql_customers() { psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d customers -v ON_ERROR_STOP=1 -qAt "$@"; }

# the demo tenant's id, from a customer created through the API
ID="$(curl -fsS -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' \
  -d '{"firstName":"Bench"}' "$GATEWAY/api/v1/customers" | python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])')"
TENANT="$(psql_customers -c "select tenant_id from customers where id = '$ID'")"
echo "loading 1,000,000 customers into $TENANT"
psql_customers <<SQL
insert into customers (id, tenant_id, first_name, last_name, email, phone, notes, marketing_consent, created_at, updated_at)
select 'cus_' || lpad(to_hex(i), 26, '0'), '$TENANT', 'First' || i, 'Last' || (i % 5000), 'c' || i || '@bench.example',
       '+49151' || lpad(i::text, 8, '0'), null, false, now(), now()
from generate_series(1, 1000000) as i;
vacuum (analyze) customers;
SQL
echo "customers in the tenant: $(psql_customers -c "select count(*) from customers where tenant_id = '$TENANT'")"
echo "plan of the e-mail lookup:"
psql_customers -c "explain (analyze, costs off) select * from customers where tenant_id = '$TENANT' and email is not null and lower(email) = 'c777@bench.example' order by id desc limit 21"

LUA="$DATA/search.lua"
cat >"$LUA" <<'LUA'
math.randomseed(os.time())
request = function()
  local path
  if os.getenv("SEARCH") == "q" then
    path = "/api/v1/customers?q=first" .. math.random(1000, 1000000)
  else
    path = "/api/v1/customers?email=c" .. math.random(1, 1000000) .. "%40bench.example"
  end
  return wrk.format("GET", path, { ["Authorization"] = "Bearer " .. os.getenv("KEY") })
end
LUA
for search in email q; do
  # warm-up (JIT, connection pools, the index pages in PostgreSQL's cache), not reported
  SEARCH="$search" KEY="$KEY" wrk -t2 -c8 -d10s -s "$LUA" "$GATEWAY" >/dev/null
  echo "== search by $search: ${SECONDS_PER_RUN}s, $CONNECTIONS connections"
  SEARCH="$search" KEY="$KEY" wrk -t"$(( CONNECTIONS < 2 ? 1 : 2 ))" -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$LUA" "$GATEWAY" \
    | grep -E "Requests/sec|Latency |50%|90%|99%|Non-2xx"
done
