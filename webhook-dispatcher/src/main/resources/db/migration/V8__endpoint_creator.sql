-- CONTRACT §8 "Who may see what": an endpoint remembers the credential that created it (the internal token's sub: an
-- API key's, an OAuth grant's or a panel user's id). An application's grant reaches only the endpoints it created;
-- endpoints from before this column (null) are reached by the business's own credentials (API keys, panel) only.
-- Lookups stay on the (tenant_id, id desc) index: a tenant has at most max-endpoints-per-tenant endpoints.
alter table webhook_endpoints add column created_by text;
