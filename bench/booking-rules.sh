#!/usr/bin/env bash
# Booking rules (CONTRACT §15, issue 35): the availability search of bench/availability.sh with every rule at work —
# 20 staff (Monday to Saturday 08:00-20:00) each with 4 date overrides in the next 31 days, 2 closed days, a
# 60-minute service with buffers (5 before, 10 after), a booking policy (60 minutes' notice, 90 days ahead, at most
# 40 a day per staff member) and 10,000 booked appointments over the next 60 days — measured through the gateway at
# one connection with wrk:
#   1. GET /api/v1/availability, 31 days, one service          (target p99 <= 50 ms)
#   2. GET /api/v1/availability/explain, a booked time          (target p99 <= 10 ms)
#   3. POST /api/v1/appointments without a daily limit, then under one (a lock and a count per booking; target:
#      <= 2 ms more at p50), each booking a distinct free slot of 20 staff without hours.
# Usage: bench/booking-rules.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN="${1:-20}"
CONNECTIONS="${2:-1}"
source bench/stack.sh
source bench/salon.sh
day() { date -u -d "$(date -u +%Y-%m-%d) + $1 days" +%Y-%m-%d; }

SERVICE="$(api -d '{"name":"Colour","durationMinutes":60,"price":{"amount":9000,"currency":"EUR"},"bufferBeforeMinutes":5,"bufferAfterMinutes":10}' \
  "$GATEWAY/api/v1/services" | id_of)"
STAFF=()
for i in $(seq 1 20); do
  member="$(api -d "{\"name\":\"Staff $i\"}" "$GATEWAY/api/v1/staff" | id_of)"
  api -X PUT -d "$WEEKDAYS_8_TO_20" "$GATEWAY/api/v1/staff/$member/working-hours" >/dev/null
  for k in 1 2 3 4; do
    # a later start on some days, a day off on others
    ranges='[{"start":"10:00","end":"14:00"},{"start":"15:00","end":"19:00"}]'
    [ $(( (i + k) % 3 )) -eq 0 ] && ranges='[]'
    api -X PUT -d "{\"ranges\":$ranges}" "$GATEWAY/api/v1/staff/$member/date-overrides/$(day $(( (i * 7 + k * 5) % 30 + 1 )))" >/dev/null
  done
  STAFF+=("$member")
done
api -d "{\"date\":\"$(day 10)\",\"reason\":\"Inventory\"}" "$GATEWAY/api/v1/closures" >/dev/null
api -d "{\"date\":\"$(day 24)\",\"reason\":\"Holiday\"}" "$GATEWAY/api/v1/closures" >/dev/null
CUSTOMER="$(api -d '{"firstName":"Bench"}' "$GATEWAY/api/v1/customers" | id_of)"
policy() { api -X PUT -d "{\"minNoticeMinutes\":60,\"maxAdvanceDays\":$1,\"maxAppointmentsPerStaffPerDay\":$2}" \
  "$GATEWAY/api/v1/booking-policy" >/dev/null; }
policy 90 40

# 10,000 booked appointments: appointment i goes to staff i % 20, on day (i / 20) % 60 from tomorrow, in hour
# slot (i / 1200) from 08:00 UTC, 45 minutes long with 5 minutes before and 10 after, so none of one staff member
# overlaps another (buffers included)
STAFF_ARRAY="{$(IFS=,; echo "${STAFF[*]}")}"
load_appointments "$SERVICE" "$CUSTOMER" "$STAFF_ARRAY" 5 10
FROM="$(day 1)T00:00:00Z"
TO="$(day 32)T00:00:00Z"
QUERY="/api/v1/availability?serviceId=$SERVICE&from=$FROM&to=$TO"
slots_of "$QUERY"
# a booked time (the first appointment: staff 1, tomorrow 08:00 UTC) explains as booked, among other reasons
EXPLAIN="/api/v1/availability/explain?serviceId=$SERVICE&staffId=${STAFF[1]}&startsAt=$(day 1)T08:30:00Z"
echo "explain: $(api "$GATEWAY$EXPLAIN")"

measure_get "availability, 31 days, one service, 20 staff, every rule" "$QUERY"
measure_get "explain" "$EXPLAIN"

# bookings: each request a new start round the 20 staff without hours (bookable at any time), each staff member's
# 80 minutes after their last (an hour and its buffers), from 100 days ahead; the policy's horizon lifted for them
BOOKERS=()
for i in $(seq 1 20); do BOOKERS+=("$(api -d "{\"name\":\"Booker $i\"}" "$GATEWAY/api/v1/staff" | id_of)"); done
BOOK_LUA="$DATA/book.lua"
cat >"$BOOK_LUA" <<'LUA'
local staff = {}
for id in string.gmatch(os.getenv("BOOKERS"), "[^,]+") do staff[#staff + 1] = id end
local n = tonumber(os.getenv("OFFSET"))
local base = tonumber(os.getenv("BASE"))
request = function()
  n = n + 1
  local member = staff[(n % #staff) + 1]
  local startsAt = os.date("!%Y-%m-%dT%H:%M:%SZ", base + math.floor(n / #staff) * 4800)
  local body = string.format('{"customerId":"%s","serviceId":"%s","staffId":"%s","startsAt":"%s"}',
    os.getenv("CUSTOMER"), os.getenv("SERVICE"), member, startsAt)
  return wrk.format("POST", "/api/v1/appointments", { ["Authorization"] = "Bearer " .. os.getenv("KEY"),
    ["Content-Type"] = "application/json" }, body)
end
LUA
BASE="$(date -u -d "$(day 100)" +%s)"
book() { # name, offset (each run books its own starts)
  echo "== $1: ${SECONDS_PER_RUN}s, $CONNECTIONS connections"
  BOOKERS="$(IFS=,; echo "${BOOKERS[*]}")" OFFSET="$2" BASE="$BASE" CUSTOMER="$CUSTOMER" SERVICE="$SERVICE" KEY="$KEY" \
    wrk -t1 -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency -s "$BOOK_LUA" "$GATEWAY" \
    | grep -E "Requests/sec|Latency |50%|90%|99%|Non-2xx"
}
policy null null
BOOKERS="$(IFS=,; echo "${BOOKERS[*]}")" OFFSET=0 BASE="$((BASE - 86400 * 30))" CUSTOMER="$CUSTOMER" SERVICE="$SERVICE" KEY="$KEY" \
  wrk -t1 -c1 -d10s -s "$BOOK_LUA" "$GATEWAY" >/dev/null # warm-up, its own starts, not reported
book "booking, no daily limit" 0
policy null 100
book "booking under a daily limit (100)" 1000000
policy null null
book "booking, no daily limit (again)" 2000000
