-- Sign-in looks a person up by e-mail address across tenants (one address may belong to users of several tenants).
create index tenant_users_lower_email_idx on tenant_users (lower(email));

-- Failed sign-ins per account (the SHA-256 of the lower-cased e-mail address, never the address): the failure times
-- of the last 15 minutes, and the time until which the account's sign-in is refused (CONTRACT §13).
create table sign_in_throttle (
    account      bytea primary key,
    failures     timestamptz[] not null,
    locked_until timestamptz
);

-- An authorization request between GET /oauth/authorize and the consent: the browser holds a random id in a cookie,
-- only its SHA-256 is kept. Lives 10 minutes.
create table oauth_authorization_requests (
    id_hash        bytea primary key,
    client_id      text        not null references oauth_clients (id),
    redirect_uri   text        not null,
    scopes         text        not null,
    state          text,
    code_challenge text        not null,
    csrf_token     text        not null,
    user_id        text references tenant_users (id),
    -- the users (of several tenants) the e-mail address and password verified for; user_id is one of them
    account_ids    text,
    expires_at     timestamptz not null
);

-- What a tenant user approved for an application: the family every code and token of one authorization descends from.
-- Revoking the grant ends every token of it.
create table oauth_grants (
    id         text primary key,
    tenant_id  text        not null references tenants (id),
    client_id  text        not null references oauth_clients (id),
    user_id    text        not null references tenant_users (id),
    scopes     text        not null,
    created_at timestamptz not null,
    revoked_at timestamptz
);
create index oauth_grants_tenant_idx on oauth_grants (tenant_id, id desc) where revoked_at is null;

-- Authorization codes, single use, 10 minutes; only their SHA-256 is kept. A used code stays until long after it
-- expires, so that its reuse is recognised and revokes its grant.
create table oauth_codes (
    code_hash      bytea primary key,
    grant_id       text        not null references oauth_grants (id),
    client_id      text        not null,
    redirect_uri   text        not null,
    code_challenge text        not null,
    expires_at     timestamptz not null,
    used_at        timestamptz
);

-- Access (swo_) and refresh (swr_) tokens, by SHA-256 only. A refresh token is used once (used_at); presenting it
-- again revokes its grant.
create table oauth_tokens (
    token_hash bytea primary key,
    kind       text        not null check (kind in ('access', 'refresh')),
    grant_id   text        not null references oauth_grants (id),
    client_id  text        not null,
    scopes     text        not null,
    created_at timestamptz not null,
    expires_at timestamptz not null,
    used_at    timestamptz,
    revoked_at timestamptz
);
create index oauth_tokens_grant_idx on oauth_tokens (grant_id);
