-- Idempotency keys belong to the credential that sent them (an API key, or an OAuth grant), not to the whole tenant:
-- one application must never be answered with another's stored answer. Rows from before (credential '') expire
-- within 24 hours like any other.
alter table idempotency_keys add column credential_id text not null default '';
alter table idempotency_keys alter column credential_id drop default;
alter table idempotency_keys drop constraint idempotency_keys_pkey;
alter table idempotency_keys add primary key (tenant_id, credential_id, key);
