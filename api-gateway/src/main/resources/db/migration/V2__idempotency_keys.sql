-- Idempotency-Key (CONTRACT §2): the first answer to a POST, kept 24 hours per tenant and key. A row is 'running'
-- from the moment a gateway instance claims the key until the answer is stored; the primary key decides races.
create table idempotency_keys (
    tenant_id    text        not null,
    key          text        not null,
    request_hash bytea       not null,
    state        text        not null check (state in ('running', 'done')),
    status       integer,
    headers      text,
    body         bytea,
    created_at   timestamptz not null,
    primary key (tenant_id, key)
);
create index idempotency_keys_created_idx on idempotency_keys (created_at);
