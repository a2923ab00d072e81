-- Locations and resources (CONTRACT §17).

-- An appointment carries the location of its (first) staff member, and the time zone of that location as it was when
-- the appointment was booked or last moved: its events' date, time and timeZone are written in it (null: the
-- tenant's zone, as before).
alter table appointments add column location_id text;
alter table appointments add column location_time_zone text;

-- The resources each segment takes (one of each type its service requires, at its staff member's location): empty
-- for a service that requires none, which is every segment written before this release.
alter table visit_segments add column resource_ids text[] not null default '{}';

-- One row per resource a segment takes, with the segment's occupied range, life and state. Its exclusion constraint
-- is to resources what visit_segments_no_overlap is to staff: two rows of one resource whose occupied ranges and lives
-- both overlap cannot both be booked, no-show or held, under any race. Rows of one owner (the segments of one visit)
-- never conflict with each other: a visit may keep one room for two services in a row, buffers between them included.
create table resource_occupations (
    owner_id       text        not null,
    position       smallint    not null,
    resource_id    text        not null,
    tenant_id      text        not null,
    occupied_from  timestamptz not null,
    occupied_until timestamptz not null,
    state          text        not null,
    live_from      timestamptz not null,
    live_until     timestamptz not null,
    primary key (owner_id, position, resource_id),
    constraint resource_occupations_no_overlap exclude using gist (
        tenant_id with =,
        resource_id with =,
        owner_id with <>,
        tstzrange(occupied_from, occupied_until, '[)') with &&,
        tstzrange(live_from, live_until, '[)') with &&
    ) where (state in ('booked', 'no_show', 'held'))
);
-- the rules read a tenant's occupied resources in a window of time
create index resource_occupations_tenant_from_idx on resource_occupations (tenant_id, occupied_from);

-- The rows follow their segment whatever writes it (a booking, a reschedule's delete and insert, a cancel or
-- completion, a no-show's shortened range, a hold's expiry by its life, a hold turned into an appointment), so no
-- code path can leave a resource held by a segment that no longer holds it, or free while it does. A conflict raised
-- here names resource_occupations_no_overlap, which the service answers 409 resource_unavailable for.
create function visit_segments_resource_occupations() returns trigger language plpgsql as $$
begin
    if tg_op in ('UPDATE', 'DELETE') then
        delete from resource_occupations where owner_id = old.owner_id and position = old.position;
    end if;
    if tg_op in ('INSERT', 'UPDATE') and cardinality(new.resource_ids) > 0 then
        insert into resource_occupations (owner_id, position, resource_id, tenant_id, occupied_from, occupied_until,
                                          state, live_from, live_until)
        select new.owner_id, new.position, resource_id, new.tenant_id, new.occupied_from, new.occupied_until,
               new.state, new.live_from, new.live_until
        from unnest(new.resource_ids) as resource_id;
    end if;
    return null;
end
$$;
create trigger visit_segments_resource_occupations after insert or update or delete on visit_segments
    for each row execute function visit_segments_resource_occupations();

-- GET /api/v1/appointments?locationId=… (appointments of tenants without locations have none, and are not indexed)
create index appointments_location_idx on appointments (tenant_id, location_id) where location_id is not null;
