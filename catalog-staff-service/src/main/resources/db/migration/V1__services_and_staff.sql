create table services (
    id               text primary key,
    tenant_id        text        not null,
    name             text        not null,
    duration_minutes integer     not null check (duration_minutes between 5 and 720),
    price_amount     bigint      not null check (price_amount >= 0),
    price_currency   char(3)     not null,
    active           boolean     not null default true,
    created_at       timestamptz not null,
    updated_at       timestamptz not null
);
create index services_tenant_id_idx on services (tenant_id, id desc);

create table staff (
    id                text primary key,
    tenant_id         text        not null,
    name              text        not null,
    email             text,
    checked_in        boolean     not null default false,
    last_check_in_at  timestamptz,
    last_check_out_at timestamptz,
    created_at        timestamptz not null,
    updated_at        timestamptz not null
);
create index staff_tenant_id_idx on staff (tenant_id, id desc);
