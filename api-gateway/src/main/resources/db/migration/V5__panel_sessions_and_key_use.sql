-- Tenant panel sessions (CONTRACT §13): the browser holds a random id, only its SHA-256 is kept, so every gateway
-- replica knows the session and signing out ends it everywhere. 30 minutes idle, 12 hours at most.
create table panel_sessions (
    id_hash      bytea primary key,
    user_id      text        not null references tenant_users (id) on delete cascade,
    tenant_id    text        not null references tenants (id),
    csrf_token   text        not null,
    created_at   timestamptz not null,
    last_seen_at timestamptz not null
);
create index panel_sessions_user_idx on panel_sessions (user_id);

-- when each API key was last used, written at most once a minute per key, off the request's path
alter table api_keys add column last_used_at timestamptz;

-- every foreign key has an index (deleting a tenant user or client must not scan these tables)
create index panel_sessions_tenant_idx on panel_sessions (tenant_id);
create index oauth_authorization_requests_client_idx on oauth_authorization_requests (client_id);
create index oauth_authorization_requests_user_idx on oauth_authorization_requests (user_id);
create index oauth_grants_client_idx on oauth_grants (client_id);
create index oauth_grants_user_idx on oauth_grants (user_id);
create index oauth_codes_grant_idx on oauth_codes (grant_id);
