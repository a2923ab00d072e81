-- Visits, any staff member, and holds (CONTRACT §16).

-- Every stretch of a staff member's time that a visit or a hold takes is one row here: an appointment has one row per
-- segment (one service with one staff member), a hold likewise. The exclusion constraint below is what keeps two of
-- them apart, under any race: appointment against appointment, hold against hold, hold against appointment.
--
-- A row counts from live_from (when it was written) until live_until: infinity for an appointment, the expiry for a
-- hold. Two rows conflict only when their occupied ranges AND their lives overlap, so a hold that expired stops
-- conflicting at its expiry by construction, whether or not anything ever deletes it: a booking written after the
-- expiry has a life that starts after the hold's ended. (A constraint cannot compare with now(), which is not
-- immutable; comparing lives gives the same answer without it.) Releasing or using a hold deletes its rows.
--
-- occupied_from/until: the segment's time with its service's buffers; where two segments of one visit have the same
-- staff member, the later one starts its occupied range where the earlier one's ends (the buffers between the
-- services of one visit are not time the visit takes from itself), so one visit's rows never conflict with each other.
create table visit_segments (
    owner_id              text        not null,
    position              smallint    not null check (position between 0 and 4),
    tenant_id             text        not null,
    service_id            text        not null,
    staff_id              text        not null,
    starts_at             timestamptz not null,
    ends_at               timestamptz not null,
    buffer_before_minutes integer     not null,
    buffer_after_minutes  integer     not null,
    occupied_from         timestamptz not null,
    occupied_until        timestamptz not null,
    state                 text        not null check (state in ('booked', 'cancelled', 'completed', 'no_show', 'held')),
    live_from             timestamptz not null,
    live_until            timestamptz not null default 'infinity',
    primary key (owner_id, position),
    check (ends_at > starts_at),
    check (occupied_from <= occupied_until),
    check (live_from < live_until),
    constraint visit_segments_no_overlap exclude using gist (
        tenant_id with =,
        staff_id with =,
        tstzrange(occupied_from, occupied_until, '[)') with &&,
        tstzrange(live_from, live_until, '[)') with &&
    ) where (state in ('booked', 'no_show', 'held'))
);

-- the rules read a tenant's segments by start (the search: a month; a decision: a few days) ...
create index visit_segments_tenant_starts_idx on visit_segments (tenant_id, starts_at);
-- ... and the daily limit counts one staff member's day
create index visit_segments_staff_starts_idx on visit_segments (tenant_id, staff_id, starts_at);

-- every appointment so far is a visit of one segment
insert into visit_segments (owner_id, position, tenant_id, service_id, staff_id, starts_at, ends_at,
                            buffer_before_minutes, buffer_after_minutes, occupied_from, occupied_until, state, live_from)
select id, 0, tenant_id, service_id, staff_id, starts_at, ends_at, buffer_before_minutes, buffer_after_minutes,
       occupied_from, occupied_until, status, created_at
from appointments;

-- the appointment (and the hold) also keeps its segments as the API shows them (JSON text), so reading one is reading
-- its row
alter table appointments add column segments text;
update appointments set segments = json_build_array(json_build_object(
    'serviceId', service_id, 'staffId', staff_id,
    'startsAt', to_char(starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'endsAt', to_char(ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
    'bufferBeforeMinutes', buffer_before_minutes, 'bufferAfterMinutes', buffer_after_minutes))::text;
alter table appointments alter column segments set not null;

-- the segments' constraint covers every appointment (and hold) now; the appointment row keeps the visit's summary
alter table appointments drop constraint appointments_no_overlap;

create table holds (
    id          text primary key,
    tenant_id   text        not null,
    starts_at   timestamptz not null,
    ends_at     timestamptz not null,
    expires_at  timestamptz not null,
    -- when it was released or used (it ended before expiring), and the appointment it became
    ended_at       timestamptz,
    appointment_id text,
    segments    text        not null,
    created_at  timestamptz not null,
    updated_at  timestamptz not null
);
create index holds_tenant_id_idx on holds (tenant_id, id);
-- the sweeper finds the rows of expired holds to delete (not needed for correctness: see above)
create index visit_segments_hold_expiry_idx on visit_segments (live_until) where (state = 'held');
