create table webhook_endpoints (
    id                text primary key,
    tenant_id         text        not null,
    url               text        not null,
    events            text[]      not null,
    description       text,
    status            text        not null check (status in ('active', 'paused')),
    secret_ciphertext bytea       not null,
    created_at        timestamptz not null,
    updated_at        timestamptz not null
);
create index webhook_endpoints_tenant_idx on webhook_endpoints (tenant_id, id desc);

-- One row per (event, endpoint) from the moment the event is consumed: enqueueing is exactly-once.
create table deliveries (
    id                   uuid primary key,
    event_id             text        not null,
    endpoint_id          text        not null references webhook_endpoints (id) on delete cascade,
    tenant_id            text        not null,
    event_type           text        not null,
    payload              text        not null,
    status               text        not null check (status in ('pending', 'succeeded', 'failed', 'held')),
    attempt_count        integer     not null default 0,
    next_attempt_at      timestamptz,
    lease_until          timestamptz,
    last_response_status integer,
    last_error           text,
    created_at           timestamptz not null default now(),
    unique (event_id, endpoint_id)
);
create index deliveries_due_idx on deliveries (next_attempt_at) where status = 'pending';
create index deliveries_endpoint_idx on deliveries (endpoint_id, created_at desc);

create table delivery_attempts (
    id              bigserial primary key,
    delivery_id     uuid        not null references deliveries (id) on delete cascade,
    at              timestamptz not null,
    response_status integer,
    duration_ms     integer     not null,
    error           text
);
create index delivery_attempts_delivery_idx on delivery_attempts (delivery_id, id);

create function deliveries_notify() returns trigger language plpgsql as $$
begin
    perform pg_notify('slotwise_deliveries', '');
    return null;
end
$$;
create trigger deliveries_notify after insert on deliveries
    for each statement execute function deliveries_notify();
