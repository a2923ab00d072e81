create table reviews (
    id             text primary key,
    tenant_id      text        not null,
    customer_id    text        not null references customers (id),
    appointment_id text,
    rating         smallint    not null check (rating between 1 and 5),
    comment        text,
    created_at     timestamptz not null,
    updated_at     timestamptz not null
);
create index reviews_tenant_id_idx on reviews (tenant_id, id desc);

create table campaigns (
    id              text primary key,
    tenant_id       text        not null,
    name            text        not null,
    channel         text        not null check (channel in ('email', 'sms')),
    message         text        not null,
    status          text        not null check (status in ('draft', 'sent')),
    recipient_count integer,
    sent_at         timestamptz,
    created_at      timestamptz not null,
    updated_at      timestamptz not null
);
create index campaigns_tenant_id_idx on campaigns (tenant_id, id desc);
create index customers_tenant_consent_idx on customers (tenant_id) where marketing_consent;
