create table transactions (
    id             text primary key,
    tenant_id      text        not null,
    customer_id    text,
    appointment_id text,
    -- the sold lines as JSON: written once with the sale, never changed, always read whole
    items          text        not null,
    total_amount   bigint      not null check (total_amount >= 0),
    currency       char(3)     not null,
    status         text        not null check (status in ('completed', 'refunded')),
    refunded_at    timestamptz,
    created_at     timestamptz not null,
    updated_at     timestamptz not null
);
create index transactions_tenant_id_idx on transactions (tenant_id, id desc);

create table payments (
    id             text primary key,
    tenant_id      text        not null,
    transaction_id text        not null references transactions (id),
    method         text        not null check (method in ('cash', 'card', 'other')),
    amount         bigint      not null check (amount >= 0),
    currency       char(3)     not null,
    status         text        not null check (status in ('received', 'refunded')),
    refunded_at    timestamptz,
    created_at     timestamptz not null,
    updated_at     timestamptz not null
);
create index payments_tenant_id_idx on payments (tenant_id, id desc);
create index payments_transaction_idx on payments (transaction_id);
