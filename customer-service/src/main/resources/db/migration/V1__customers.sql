create table customers (
    id                text primary key,
    tenant_id         text        not null,
    first_name        text        not null,
    last_name         text,
    email             text,
    phone             text,
    notes             text,
    marketing_consent boolean     not null default false,
    created_at        timestamptz not null,
    updated_at        timestamptz not null
);

-- one customer per e-mail address and tenant, whatever its case
create unique index customers_tenant_email_key on customers (tenant_id, lower(email)) where email is not null;
-- newest first, per tenant
create index customers_tenant_id_idx on customers (tenant_id, id desc);
