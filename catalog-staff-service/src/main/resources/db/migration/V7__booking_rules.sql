-- Booking rules (CONTRACT §15): the catalog's side of them. appointment-service reads all of it per decision through
-- one internal lookup (GET /internal/v1/booking-context) and decides there.

-- Buffers: time a booked appointment of the service also takes of its staff member, before and after it.
alter table services
    add column buffer_before_minutes integer not null default 0
        constraint services_buffer_before_range check (buffer_before_minutes between 0 and 240),
    add column buffer_after_minutes  integer not null default 0
        constraint services_buffer_after_range check (buffer_after_minutes between 0 and 240);

-- The tenant's booking policy; a tenant without a row has the defaults (0, null, 0, null, null).
create table booking_policies (
    tenant_id                          text primary key,
    min_notice_minutes                 integer     not null check (min_notice_minutes between 0 and 43200),
    max_advance_days                   integer check (max_advance_days between 1 and 730),
    cancellation_window_minutes        integer     not null check (cancellation_window_minutes between 0 and 43200),
    max_appointments_per_staff_per_day integer check (max_appointments_per_staff_per_day between 1 and 100),
    policy_text                        text check (char_length(policy_text) <= 2000),
    updated_at                         timestamptz not null
);

-- Days the whole business (or, with location_id, one location: §17) is closed, as local dates.
create table closures (
    id          text primary key,
    tenant_id   text        not null,
    date        date        not null,
    reason      text,
    location_id text,
    created_at  timestamptz not null,
    updated_at  timestamptz not null
);
-- the list and the booking context read a tenant's closures by date
create index closures_tenant_date_idx on closures (tenant_id, date);

-- A staff member's hours on one local date, replacing that weekday's weekly hours ([] = not working that day). The
-- ranges are a small value read and replaced whole, kept as JSON like the weekly hours:
-- [{"start":"10:00","end":"14:00"}, ...].
create table staff_date_overrides (
    staff_id   text        not null references staff (id),
    date       date        not null,
    tenant_id  text        not null,
    ranges     text        not null,
    updated_at timestamptz not null,
    primary key (staff_id, date)
);
