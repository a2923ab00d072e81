#!/usr/bin/env bash
# Does the outbox relay keep up with writes at full rate? wrk POSTs customers through the gateway (each one a row and
# its customer.created event in one transaction); every few seconds during the run, and then until it is empty, the
# script prints how many events wait in customer-service's outbox and how old the oldest is.
#
#   bench/outbox.sh [seconds, default 30] [connections, default 32]
#
# Needs wrk and psql (Debian: wrk, postgresql-client). Starts its own stack (bench/stack.sh) and stops it at the end.
set -euo pipefail
cd "$(dirname "$0")/.."
DURATION="${1:-30}"
CONNECTIONS="${2:-32}"
for tool in wrk psql; do command -v $tool >/dev/null || { echo "$tool is missing" >&2; exit 1; }; done

. bench/stack.sh
PGPORT="$(python3 -c 'import json,sys; c=[x for x in json.load(open(sys.argv[1]))["components"] if x["name"]=="postgresql"][0]; print(c["port"])' "$DATA/stack.json")"
backlog() {
  psql -h 127.0.0.1 -p "$PGPORT" -U postgres -d customers -At -F ' ' -c \
    "select count(*), coalesce(round(extract(epoch from now() - min(created_at))::numeric, 2), 0) from outbox"
}
cat > "$DATA/post.lua" <<'LUA'
wrk.method = "POST"
wrk.body = '{"firstName":"Ada","lastName":"Bench"}'
wrk.headers["Content-Type"] = "application/json"
LUA
echo "warming up (20 s of the same writes)"
wrk -t2 -c"$CONNECTIONS" -d20s -H "Authorization: Bearer $KEY" -s "$DATA/post.lua" "$GATEWAY/api/v1/customers" >/dev/null
sleep 2
BEFORE="$(psql -h 127.0.0.1 -p "$PGPORT" -U postgres -d customers -At -c "select count(*) from customers where last_name = 'Bench'")"
wrk -t2 -c"$CONNECTIONS" -d"$DURATION"s -H "Authorization: Bearer $KEY" -s "$DATA/post.lua" "$GATEWAY/api/v1/customers" \
  > "$DATA/wrk.txt" &
WRK=$!
echo "seconds  events waiting  oldest (s)"
START=$(date +%s)
while kill -0 "$WRK" 2>/dev/null; do
  printf '%7d  %s\n' $(( $(date +%s) - START )) "$(backlog | awk '{printf "%14d  %10s", $1, $2}')"
  sleep 5
done
wait "$WRK" || true
grep -E "Requests/sec|Non-2xx" "$DATA/wrk.txt" || true
CREATED="$(psql -h 127.0.0.1 -p "$PGPORT" -U postgres -d customers -At -c "select count(*) from customers where last_name = 'Bench'")"
echo "customers created in the measured run: $((CREATED - BEFORE))"
for _ in $(seq 1 30); do
  read -r WAITING OLDEST < <(backlog)
  printf 'after the run: %d events waiting (oldest %s s)\n' "$WAITING" "$OLDEST"
  [ "$WAITING" -eq 0 ] && break
  sleep 1
done
