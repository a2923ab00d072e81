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

# load_appointments SERVICE CUSTOMER STAFF_ARRAY BEFORE AFTER: 10,000 booked appointments straight into appointment-
# service's database (the API would take minutes): appointment i goes to staff i % 20, on day (i / 20) % 60 from
# tomorrow, in hour slot (i / 1200) from 08:00 UTC, 45 minutes long with BEFORE and AFTER minutes of buffers, so none
# of one staff member overlaps another (buffers of up to 15 minutes included). Each is a visit of one segment
# (CONTRACT §16): its row of visit_segments, which the rules and the exclusion constraint read, is written with it.
load_appointments() {
  local service="$1" customer="$2" staff_array="$3" before="$4" after="$5"
  echo "loading 10,000 appointments into $TENANT"
  psql -h 127.0.0.1 -p "$PG_PORT" -U postgres -d appointments -v ON_ERROR_STOP=1 -qAt <<SQL
with planned as (
    select 'appt_' || lpad(to_hex(i), 26, '0') as id, ('$staff_array'::text[])[i % 20 + 1] as staff_id, s,
           s + interval '45 minutes' as e
    from (select i, date_trunc('day', now()) + interval '1 day' * (1 + (i / 20) % 60) + interval '8 hours'
                    + interval '1 hour' * (i / 1200) as s
          from generate_series(0, 9999) as i) as starts),
appointment as (
    insert into appointments (id, tenant_id, customer_id, service_id, staff_id, starts_at, ends_at, status, notes,
                              buffer_before_minutes, buffer_after_minutes, occupied_from, occupied_until, segments,
                              created_at, updated_at)
    select id, '$TENANT', '$customer', '$service', staff_id, s, e, 'booked', null, $before, $after,
           s - interval '$before minutes', e + interval '$after minutes',
           json_build_array(json_build_object('serviceId', '$service', 'staffId', staff_id,
               'startsAt', to_char(s at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'endsAt', to_char(e at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
               'bufferBeforeMinutes', $before, 'bufferAfterMinutes', $after))::text,
           now(), now()
    from planned)
insert into visit_segments (owner_id, position, tenant_id, service_id, staff_id, starts_at, ends_at,
                            buffer_before_minutes, buffer_after_minutes, occupied_from, occupied_until, state, live_from)
select id, 0, '$TENANT', '$service', staff_id, s, e, $before, $after, s - interval '$before minutes',
       e + interval '$after minutes', 'booked', now()
from planned;
vacuum (analyze) appointments;
vacuum (analyze) visit_segments;
SQL
}

# slots_of QUERY: how many slots one answer of the search QUERY has, and its size
slots_of() {
  echo "slots in one answer: $(api "$GATEWAY$1" | python3 -c 'import json,sys; print(len(json.load(sys.stdin)["data"]))')," \
    "$(api "$GATEWAY$1" | wc -c) bytes"
}

# measure_get NAME QUERY [WARM-UP]: GET QUERY through the gateway with wrk, after a warm-up of WARM-UP (default 10s,
# 4 connections; JIT, connection pools, PostgreSQL's cache; not reported), for SECONDS_PER_RUN at CONNECTIONS
GET_LUA="$DATA/get.lua"
cat >"$GET_LUA" <<'LUA'
request = function()
  return wrk.format("GET", os.getenv("QUERY"), { ["Authorization"] = "Bearer " .. os.getenv("KEY") })
end
LUA
measure_get() {
  QUERY="$2" KEY="$KEY" wrk -t1 -c4 -d"${3:-10s}" -s "$GET_LUA" "$GATEWAY" >/dev/null
  echo "== $1: ${SECONDS_PER_RUN}s, $CONNECTIONS connections"
  QUERY="$2" KEY="$KEY" wrk -t"$(( CONNECTIONS < 2 ? 1 : 2 ))" -c"$CONNECTIONS" -d"${SECONDS_PER_RUN}s" --latency \
    -s "$GET_LUA" "$GATEWAY" | grep -E "Requests/sec|Latency |50%|90%|99%|Non-2xx"
}
