-- "Nobody keeps access they should lose" (issue 34): the gateway tells the dispatcher when an OAuth grant is revoked
-- (POST /internal/v1/grants/{grantId}/revoked). The endpoints that grant created are deleted, and the grant is
-- remembered here, in the same transaction, so that it creates no endpoint again: an application's token is still
-- honoured for up to a second after its revocation (the gateway's credential cache), and a create under way then
-- must not leave an endpoint behind. Creates and this notice take the same per-tenant lock.
create table revoked_grants (
    grant_id   text primary key,
    tenant_id  text        not null,
    revoked_at timestamptz not null default now()
);
