-- A staff member's time off (CONTRACT §14): [starts_at, ends_at), in which they are not available.
create table time_off (
    id         text primary key,
    tenant_id  text        not null,
    staff_id   text        not null references staff (id),
    starts_at  timestamptz not null,
    ends_at    timestamptz not null,
    reason     text,
    created_at timestamptz not null,
    updated_at timestamptz not null,
    constraint time_off_ends_after_start check (ends_at > starts_at)
);
-- a member's time off, newest first (the list), and by time (the availability search)
create index time_off_staff_id_idx on time_off (staff_id, id desc);
create index time_off_staff_period_idx on time_off (staff_id, starts_at, ends_at);
