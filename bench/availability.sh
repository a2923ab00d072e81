#!/usr/bin/env bash
# Availability search (CONTRACT §14, issue 21): the demo tenant with 20 staff (hours Monday to Saturday,
# 08:00-20:00), 8 services and 10,000 booked appointments over the next 60 days; then
# GET /api/v1/availability for 31 days and one 60-minute service through the gateway with wrk.
# Target: p99 <= 50 ms, measured as latency (one connection after a warm-up: one client already keeps the two
# cores busy with 1.3 MB answers, so a second measures queueing).
# Usage: bench/availability.sh [seconds] [connections]
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN="${1:-20}"
CONNECTIONS="${2:-1}"
source bench/stack.sh
source bench/salon.sh

SERVICES=()
for i in $(seq 1 8); do
  SERVICES+=("$(api -d "{\"name\":\"Service $i\",\"durationMinutes\":$((15 * (i % 4 + 1))),\"price\":{\"amount\":1000,\"currency\":\"EUR\"}}" \
    "$GATEWAY/api/v1/services" | id_of)")
done
SERVICE="${SERVICES[3]}" # 60 minutes
STAFF=()
for i in $(seq 1 20); do
  member="$(api -d "{\"name\":\"Staff $i\"}" "$GATEWAY/api/v1/staff" | id_of)"
  api -X PUT -d "$WEEKDAYS_8_TO_20" "$GATEWAY/api/v1/staff/$member/working-hours" >/dev/null
  STAFF+=("$member")
done
CUSTOMER="$(api -d '{"firstName":"Bench"}' "$GATEWAY/api/v1/customers" | id_of)"

# 10,000 booked appointments: appointment i goes to staff i % 20, on day (i / 20) % 60 from tomorrow, in hour
# slot (i / 1200) from 08:00 UTC, 45 minutes long, so no two of one staff member overlap
STAFF_ARRAY="{$(IFS=,; echo "${STAFF[*]}")}"
load_appointments "$SERVICE" "$CUSTOMER" "$STAFF_ARRAY" 0 0
FROM="$(date -u -d tomorrow +%Y-%m-%dT00:00:00Z)"
TO="$(date -u -d "$(date -u -d tomorrow +%Y-%m-%d) + 31 days" +%Y-%m-%dT00:00:00Z)"
QUERY="/api/v1/availability?serviceId=$SERVICE&from=$FROM&to=$TO"
slots_of "$QUERY"
measure_get "availability, 31 days, one service, 20 staff" "$QUERY" 15s
