-- notification-service's own copies of what it needs (CONTRACT §18), fed by the appointment and customer topics.

-- Each event is applied once: its id is recorded in the transaction that applies it.
create table applied_events (
    event_id   text primary key,
    applied_at timestamptz not null default now()
);

-- The customer's contact data, from customer.* (erased on customer.deleted, §19).
create table customers (
    id         text primary key,
    tenant_id  text        not null,
    first_name text,
    email      text,
    opt_out    boolean     not null default false,
    erased     boolean     not null default false,
    updated_at timestamptz not null default now()
);

-- The appointment as its last event told it; sequence grows with each change (the iCalendar SEQUENCE).
create table appointments (
    id          text primary key,
    tenant_id   text        not null,
    customer_id text        not null,
    service_ids text[]      not null,
    staff_ids   text[]      not null,
    starts_at   timestamptz not null,
    ends_at     timestamptz not null,
    status      text        not null,
    time_zone   text        not null,
    location_id text,
    sequence    integer     not null default 0,
    -- the last event's data, so appointment.reminder_due carries what appointment.* carry
    data        jsonb       not null,
    updated_at  timestamptz not null default now()
);
create index appointments_by_staff on appointments using gin (staff_ids);

-- A tenant's settings; no row = the defaults. sender_name null = the tenant's name.
create table notification_settings (
    tenant_id               text primary key,
    email_enabled           boolean     not null,
    sender_name             text,
    reply_to                text,
    reminder_minutes_before integer[]   not null,
    updated_at              timestamptz not null default now()
);

-- The schedule and the log in one table: one row per e-mail that is or was due. dedupe_key makes each e-mail
-- (appointment, kind, offset; a reschedule notice per rescheduling event) exist once, whatever replays or races.
create table notifications (
    id              text primary key,
    tenant_id       text        not null,
    appointment_id  text        not null,
    customer_id     text        not null,
    kind            text        not null check (kind in ('confirmation', 'rescheduled', 'cancelled', 'reminder')),
    minutes_before  integer,
    dedupe_key      text        not null unique,
    recipient       text,
    status          text        not null check (status in ('scheduled', 'sent', 'failed', 'skipped')),
    scheduled_for   timestamptz not null,
    next_attempt_at timestamptz not null,
    attempt_count   integer     not null default 0,
    sent_at         timestamptz,
    error           text,
    created_at      timestamptz not null default now(),
    -- the replica that holds it (a lease lives while that replica says it is alive) and since when it is sending:
    -- a send that a dead replica began is never sent again (at most once), it is failed with its reason instead
    leased_by       uuid,
    sending_since   timestamptz,
    -- a reminder's appointment.reminder_due went into the outbox (once per offset, with or without e-mail)
    event_emitted   boolean     not null default false,
    trace_parent    text
);
create index notifications_due on notifications (next_attempt_at) where status = 'scheduled';
create index notifications_by_tenant on notifications (tenant_id, id desc);
create index notifications_by_appointment on notifications (appointment_id, id desc);
create index notifications_by_customer on notifications (customer_id);

create table notifier_replicas (
    id      uuid primary key,
    seen_at timestamptz not null default now()
);

-- One feed per staff member; only the SHA-256 of its token is kept.
create table calendar_feeds (
    tenant_id  text        not null,
    staff_id   text        not null,
    token_hash bytea       not null unique,
    created_at timestamptz not null default now(),
    primary key (tenant_id, staff_id)
);

-- Names the e-mails and feeds show, as the catalog and the gateway answered them (kept, refreshed when old).
create table display_names (
    tenant_id  text        not null,
    kind       text        not null check (kind in ('tenant', 'service', 'policy')),
    id         text        not null,
    name       text,
    fetched_at timestamptz not null default now(),
    primary key (tenant_id, kind, id)
);
