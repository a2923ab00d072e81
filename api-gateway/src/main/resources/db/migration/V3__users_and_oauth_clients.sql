-- the people of a tenant who sign in to approve OAuth applications; only a bcrypt hash of the password is stored
create table tenant_users (
    id            text primary key,
    tenant_id     text        not null references tenants (id),
    email         text        not null,
    password_hash text        not null,
    created_at    timestamptz not null,
    updated_at    timestamptz not null
);
create unique index tenant_users_email_key on tenant_users (tenant_id, lower(email));

-- marketplace applications; a confidential client's secret is stored as its SHA-256 only
create table oauth_clients (
    id            text primary key,
    name          text        not null,
    redirect_uris text        not null,
    scopes        text        not null,
    confidential  boolean     not null,
    secret_hash   bytea,
    created_at    timestamptz not null,
    updated_at    timestamptz not null
);
