create table tenants (
    id                  text primary key,
    name                text        not null,
    plan                text        not null check (plan in ('free', 'pro', 'enterprise')),
    time_zone           text        not null default 'UTC',
    rate_limit_per_hour integer check (rate_limit_per_hour > 0),
    created_at          timestamptz not null,
    updated_at          timestamptz not null
);

-- API keys: only the SHA-256 of the key is stored; the plain key is shown once, at creation.
create table api_keys (
    id         text primary key,
    tenant_id  text        not null references tenants (id),
    name       text        not null,
    scopes     text        not null,
    key_hash   bytea       not null unique,
    created_at timestamptz not null,
    revoked_at timestamptz
);
create index api_keys_tenant_idx on api_keys (tenant_id, id desc);
