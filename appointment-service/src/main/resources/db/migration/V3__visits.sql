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
-- squawk-ignore adding-not-nullable-field
alter table appointments alter column segments set not null;
-- (NOT NULL right after the backfill, under the ACCESS EXCLUSIVE lock the migration already holds; the release before
-- this one, which leaves segments out, still writes: the trigger below fills them.)

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

-- The release before this one (one service per appointment, no holds) keeps writing during a rolling update and after
-- a rollback: it inserts and updates appointments only, knows nothing of segments, and recognises a lost race by the
-- exclusion constraint appointments_no_overlap. For such a writer — an insert without segments, or an update that
-- changes the times, staff, service or status but leaves segments as they were — this trigger keeps visit_segments
-- true: it writes the appointment's one segment, moves it, or changes its state, and a conflict there is reported
-- under the name that release knows, so it answers 409 as it always did. This release always writes segments and
-- visit_segments itself; for its updates the trigger's state change is the one it makes anyway.
create function appointments_as_visit_segments() returns trigger language plpgsql as $$
declare
    one_segment text := json_build_array(json_build_object(
        'serviceId', new.service_id, 'staffId', new.staff_id,
        'startsAt', to_char(new.starts_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'endsAt', to_char(new.ends_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"'),
        'bufferBeforeMinutes', new.buffer_before_minutes, 'bufferAfterMinutes', new.buffer_after_minutes))::text;
begin
    if tg_op = 'INSERT' and new.segments is not null
            or tg_op = 'UPDATE' and new.segments is distinct from old.segments then
        return new; -- this release: it writes visit_segments itself
    end if;
    begin
        if tg_op = 'INSERT' then
            new.segments := one_segment;
            insert into visit_segments (owner_id, position, tenant_id, service_id, staff_id, starts_at, ends_at,
                                        buffer_before_minutes, buffer_after_minutes, occupied_from, occupied_until,
                                        state, live_from)
            values (new.id, 0, new.tenant_id, new.service_id, new.staff_id, new.starts_at, new.ends_at,
                    new.buffer_before_minutes, new.buffer_after_minutes, new.occupied_from, new.occupied_until,
                    new.status, clock_timestamp());
        elsif (new.starts_at, new.ends_at, new.staff_id, new.service_id)
                is distinct from (old.starts_at, old.ends_at, old.staff_id, old.service_id) then
            if (select count(*) from visit_segments where owner_id = new.id) > 1 then
                raise exception 'appointment % is a visit of several services: only this release can move it', new.id
                    using errcode = 'check_violation';
            end if;
            new.segments := one_segment;
            update visit_segments
            set service_id = new.service_id, staff_id = new.staff_id, starts_at = new.starts_at,
                ends_at = new.ends_at, occupied_from = new.occupied_from, occupied_until = new.occupied_until,
                state = new.status
            where owner_id = new.id;
        elsif new.status is distinct from old.status then
            update visit_segments set state = new.status where owner_id = new.id;
        end if;
    exception
        when exclusion_violation then
            raise exception 'the time is taken: %', sqlerrm
                using errcode = 'exclusion_violation', constraint = 'appointments_no_overlap';
    end;
    return new;
end
$$;
-- named to fire after appointments_occupied_range (V2), which fills the occupied range it copies
create trigger appointments_visit_segments before insert or update on appointments
    for each row execute function appointments_as_visit_segments();
