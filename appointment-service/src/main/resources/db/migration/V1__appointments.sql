-- equality on text inside a GiST index, for the exclusion constraint below (a trusted extension since PostgreSQL 13)
create extension if not exists btree_gist;

create table appointments (
    id          text primary key,
    tenant_id   text        not null,
    customer_id text        not null,
    service_id  text        not null,
    staff_id    text        not null,
    starts_at   timestamptz not null,
    ends_at     timestamptz not null,
    status      text        not null check (status in ('booked', 'cancelled', 'completed')),
    notes       text,
    created_at  timestamptz not null,
    updated_at  timestamptz not null,
    check (ends_at > starts_at),
    -- no double booking, by construction: two booked appointments of one staff member never overlap.
    -- Ranges are half-open, so one may start when the other ends. Racing inserts or updates wait for each other.
    constraint appointments_no_overlap exclude using gist (
        tenant_id with =,
        staff_id with =,
        tstzrange(starts_at, ends_at, '[)') with &&
    ) where (status = 'booked')
);

create index appointments_tenant_id_idx on appointments (tenant_id, id desc);
create index appointments_tenant_starts_idx on appointments (tenant_id, starts_at);
