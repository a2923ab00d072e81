# Sourced by the availability benchmarks after stack.sh: the demo tenant as a blank salon to build on. Sets
# PG_PORT, TENANT and WEEKDAYS_8_TO_20 (weekly hours, Monday to Saturday 08:00-20:00); defines api (curl with the
# demo key) and id_of; leaves the demo seed's staff without hours and its booking rules (CONTRACT §15: policy,
# closures) at their defaults, so a benchmark measures only the staff and rules it makes itself.
PG_PORT="$(python3 -c "import json,sys; d=json.load(open('$DATA/stack.json')); print(next(c['port'] for c in d['components'] if c['name']=='postgresql'))")"
TENANT="$(cat "$DATA/secrets/demo-tenant-id")"
api() { curl -fsS -H "Authorization: Bearer $KEY" -H 'Content-Type: application/json' "$@"; }
id_of() { python3 -c 'import json,sys; print(json.load(sys.stdin)["id"])'; }
ids_of() { python3 -c 'import json,sys; print(" ".join(item["id"] for item in json.load(sys.stdin)["data"]))'; }

WEEKDAYS_8_TO_20='{"weekly":['
for day in monday tuesday wednesday thursday friday saturday; do
  WEEKDAYS_8_TO_20+="{\"day\":\"$day\",\"start\":\"08:00\",\"end\":\"20:00\"},"
done
WEEKDAYS_8_TO_20="${WEEKDAYS_8_TO_20%,}]}"

for member in $(api "$GATEWAY/api/v1/staff?limit=100" | ids_of); do
  api -X PUT -d '{"weekly":[]}' "$GATEWAY/api/v1/staff/$member/working-hours" >/dev/null
done
api -X PUT -d '{}' "$GATEWAY/api/v1/booking-policy" >/dev/null
for closure in $(api "$GATEWAY/api/v1/closures?from=$(date -u +%Y-%m-%d)&to=$(date -u -d '+365 days' +%Y-%m-%d)" | ids_of); do
  api -X DELETE "$GATEWAY/api/v1/closures/$closure" >/dev/null
done
