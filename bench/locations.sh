#!/usr/bin/env bash
# Locations and resources (CONTRACT §17, issue 37), through the gateway at one connection with wrk:
#   GET /api/v1/availability for 31 days of a 60-minute treatment that requires a room, with 3 locations (Berlin,
#   Lisbon, New York), 20 staff (Monday to Saturday 08:00-20:00 in their location's zone), 10 resources of 3 types
#   (6 rooms, 3 chairs, 1 laser) and 10,000 booked appointments over the next 60 days, 3,000 of them holding a room
#                                                                                              (target p99 <= 60 ms)
#   and the same search narrowed to one location (?locationId=).
# Usage: bench/locations.sh [seconds] [connections]   (needs wrk: apt-get install wrk)
set -euo pipefail
cd "$(dirname "$0")/.."
SECONDS_PER_RUN="${1:-20}"
CONNECTIONS="${2:-1}"
source bench/stack.sh
source bench/salon.sh

location() { # name, zone
  api -d "{\"name\":\"$1\",\"timeZone\":\"$2\"}" "$GATEWAY/api/v1/locations" | id_of
}
resource() { # name, type, location
  api -d "{\"name\":\"$1\",\"type\":\"$2\",\"locationId\":\"$3\"}" "$GATEWAY/api/v1/resources" | id_of
}
# the demo seed's own rooms take no bookings here: the benchmark's 10 resources are the only active ones
for seeded in $(api "$GATEWAY/api/v1/resources?limit=100" | ids_of); do
  api -X PATCH -d '{"active":false}' "$GATEWAY/api/v1/resources/$seeded" >/dev/null
done
LOCATIONS=("$(location "Bench Berlin" Europe/Berlin)" "$(location "Bench Lisbon" Europe/Lisbon)"
  "$(location "Bench New York" America/New_York)")
# two rooms and a chair at each location, a laser in Berlin: rooms[location * 2 + k]
ROOMS=()
for l in 0 1 2; do
  for k in 1 2; do ROOMS+=("$(resource "Room $l.$k" room "${LOCATIONS[$l]}")"); done
  resource "Chair $l" chair "${LOCATIONS[$l]}" >/dev/null
done
resource "Laser" laser "${LOCATIONS[0]}" >/dev/null
TREATMENT="$(api -d '{"name":"Treatment","durationMinutes":60,"price":{"amount":8000,"currency":"EUR"},"requiredResourceTypes":["room"]}' \
  "$GATEWAY/api/v1/services" | id_of)"

# staff j works at location j % 3; the first two there (j / 3 < 2) have a room of their own for their bookings
STAFF=()
ROOM_OF=()
for j in $(seq 0 19); do
  member="$(api -d "{\"name\":\"Therapist $j\",\"locationId\":\"${LOCATIONS[$(( j % 3 ))]}\"}" "$GATEWAY/api/v1/staff" | id_of)"
  api -X PUT -d "$WEEKDAYS_8_TO_20" "$GATEWAY/api/v1/staff/$member/working-hours" >/dev/null
  STAFF+=("$member")
  [ $(( j / 3 )) -lt 2 ] && ROOM_OF+=("('$member','${ROOMS[$(( (j % 3) * 2 + j / 3 ))]}')")
done
CUSTOMER="$(api -d '{"firstName":"Bench"}' "$GATEWAY/api/v1/customers" | id_of)"
STAFF_ARRAY="{$(IFS=,; echo "${STAFF[*]}")}"
load_appointments "$TREATMENT" "$CUSTOMER" "$STAFF_ARRAY" 0 0
# the bookings of the six staff with a room of their own hold it (each room is one staff member's, whose bookings never
# overlap); the trigger of V5 writes their rows of resource_occupations
echo "giving 3,000 of them a room"
psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d appointments -v ON_ERROR_STOP=1 -qAt <<SQL
update visit_segments v set resource_ids = array[m.resource_id]
from (values $(IFS=,; echo "${ROOM_OF[*]}")) as m(staff_id, resource_id)
where v.tenant_id = '$TENANT' and v.staff_id = m.staff_id;
vacuum (analyze) visit_segments;
vacuum (analyze) resource_occupations;
SQL

FROM="$(date -u -d tomorrow +%Y-%m-%dT00:00:00Z)"
TO="$(date -u -d "$(date -u -d tomorrow +%Y-%m-%d) + 31 days" +%Y-%m-%dT00:00:00Z)"
QUERY="/api/v1/availability?serviceId=$TREATMENT&from=$FROM&to=$TO"
slots_of "$QUERY"
measure_get "availability, 31 days, a service needing a room, 3 locations, 20 staff, 10 resources" "$QUERY" 15s
QUERY_LISBON="$QUERY&locationId=${LOCATIONS[1]}"
slots_of "$QUERY_LISBON"
measure_get "the same at one location" "$QUERY_LISBON"
