#!/usr/bin/env bash
# Visits, any staff and holds (CONTRACT §16, issue 36), through the gateway at one connection with wrk:
#   1. GET /api/v1/availability?serviceIds=a,b,c&anyStaff=true over 31 days: a 3-segment visit (cut 45 minutes,
#      colour 60 with a 10-minute buffer after, blow-dry 30), 20 staff Monday to Saturday 08:00-20:00 (the colourists
#      are 10 of them), 10,000 booked appointments over the next 60 days                         (target p99 <= 80 ms)
#   2. POST /api/v1/holds of a 3-segment visit, each a distinct free time                     (target p50 <= 15 ms)
#   3. POST /api/v1/appointments {"holdId", "customerId"}: booking each of those holds         (target p50 <= 15 ms)
# Usage: bench/visits.sh [seconds] [connections]   (needs wrk: apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN="${1:-20}"
CONNECTIONS="${2:-1}"
source bench/stack.sh
source bench/salon.sh
day() { date -u -d "$(date -u +%Y-%m-%d) + $1 days" +%Y-%m-%d; }
service() { # name, minutes, buffer after
  api -d "{\"name\":\"$1\",\"durationMinutes\":$2,\"price\":{\"amount\":5000,\"currency\":\"EUR\"},\"bufferAfterMinutes\":$3}" \
    "$GATEWAY/api/v1/services" | id_of
}
CUT="$(service Cut 45 0)"
COLOUR="$(service Colour 60 10)"
BLOW_DRY="$(service Blow-dry 30 0)"
STAFF=()
for i in $(seq 1 20); do
  performs="[\"$CUT\",\"$BLOW_DRY\"]"
  [ $(( i % 2 )) -eq 0 ] && performs="[\"$CUT\",\"$COLOUR\",\"$BLOW_DRY\"]"
  member="$(api -d "{\"name\":\"Stylist $i\",\"serviceIds\":$performs}" "$GATEWAY/api/v1/staff" | id_of)"
  api -X PUT -d "$WEEKDAYS_8_TO_20" "$GATEWAY/api/v1/staff/$member/working-hours" >/dev/null
  STAFF+=("$member")
done
CUSTOMER="$(api -d '{"firstName":"Bench"}' "$GATEWAY/api/v1/customers" | id_of)"
STAFF_ARRAY="{$(IFS=,; echo "${STAFF[*]}")}"
load_appointments "$CUT" "$CUSTOMER" "$STAFF_ARRAY" 0 0

FROM="$(day 1)T00:00:00Z"
TO="$(day 32)T00:00:00Z"
QUERY="/api/v1/availability?serviceIds=$CUT,$COLOUR,$BLOW_DRY&anyStaff=true&from=$FROM&to=$TO"
slots_of "$QUERY"
measure_get "3-segment visit, anyStaff, 31 days" "$QUERY"

# holds: a 3-segment visit with 20 stylists without hours (bookable at any time), each request a new start round
# them, each stylist's 150 minutes after their last, from 100 days ahead; every hold's id is written down, then each is
# booked. ttl 1800 s so that none expires before it is booked.
HOLDERS=()
for i in $(seq 1 20); do HOLDERS+=("$(api -d "{\"name\":\"Holder $i\"}" "$GATEWAY/api/v1/staff" | id_of)"); done
HOLD_LUA="$DATA/hold.lua"
cat >"$HOLD_LUA" <<'LUA'
local staff = {}
for id in string.gmatch(os.getenv("HOLDERS"), "[^,]+") do staff[#staff + 1] = id end
local n = tonumber(os.getenv("OFFSET"))
local base = tonumber(os.getenv("BASE"))
local out = io.open(os.getenv("IDS"), "a")
request = function()
  n = n + 1
  local member = staff[(n % #staff) + 1]
  local startsAt = os.date("!%Y-%m-%dT%H:%M:%SZ", base + math.floor(n / #staff) * 9000)
  local body = string.format('{"startsAt":"%s","ttlSeconds":1800,"segments":[{"serviceId":"%s","staffId":"%s"},'
    .. '{"serviceId":"%s","staffId":"%s"},{"serviceId":"%s","staffId":"%s"}]}', startsAt, os.getenv("CUT"), member,
    os.getenv("COLOUR"), member, os.getenv("BLOW_DRY"), member)
  return wrk.format("POST", "/api/v1/holds", { ["Authorization"] = "Bearer " .. os.getenv("KEY"),
    ["Content-Type"] = "application/json" }, body)
end
response = function(status, headers, body)
  local id = string.match(body, '"id":"(hold_[0-9a-z]+)"')
  if id then out:write(id .. "\n"); out:flush() end
end
LUA
BOOK_LUA="$DATA/book-hold.lua"
cat >"$BOOK_LUA" <<'LUA'
local ids = {}
for line in io.lines(os.getenv("IDS")) do ids[#ids + 1] = line end
local n = 0
request = function()
  n = n + 1
  local body = string.format('{"customerId":"%s","holdId":"%s"}', os.getenv("CUSTOMER"), ids[((n - 1) % #ids) + 1])
  return wrk.format("POST", "/api/v1/appointments", { ["Authorization"] = "Bearer " .. os.getenv("KEY"),
    ["Content-Type"] = "application/json" }, body)
end
LUA
BASE="$(date -u -d "$(day 100)" +%s)"
HOLDERS_LIST="$(IFS=,; echo "${HOLDERS[*]}")"
hold() { # ids file, offset, seconds, connections
  HOLDERS="$HOLDERS_LIST" OFFSET="$2" BASE="$BASE" IDS="$1" CUT="$CUT" COLOUR="$COLOUR" BLOW_DRY="$BLOW_DRY" KEY="$KEY" \
    wrk -t1 -c"$4" -d"$3" --latency -s "$HOLD_LUA" "$GATEWAY"
}
# warm-up, its own starts, not reported; long enough to leave holds for the booking's warm-up below
hold "$DATA/warm-ids" 1000000 20s 1 >/dev/null
echo "== hold (3 segments): ${SECONDS_PER_RUN}s, 1 connection"
hold "$DATA/hold-ids" 0 "${SECONDS_PER_RUN}s" 1 | grep -E "Requests/sec|Latency |50%|90%|99%|Non-2xx"
# warm-up of the booking path: after 5 s, C2 still took 44 % of appointment-service's CPU while booking (2026-11-26)
CUSTOMER="$CUSTOMER" IDS="$DATA/warm-ids" KEY="$KEY" wrk -t1 -c1 -d15s -s "$BOOK_LUA" "$GATEWAY" >/dev/null
HELD="$(wc -l <"$DATA/hold-ids")"
# one booking per hold: wrk runs for a time, so the run is as long as booking them all takes at the hold rate
echo "== book from a hold: $HELD holds, 1 connection (requests past the last hold answer 409 hold_expired)"
CUSTOMER="$CUSTOMER" IDS="$DATA/hold-ids" KEY="$KEY" wrk -t1 -c1 -d"$(( SECONDS_PER_RUN * 8 / 10 ))s" --latency \
  -s "$BOOK_LUA" "$GATEWAY" | grep -E "Requests/sec|Latency |50%|90%|99%|Non-2xx"
