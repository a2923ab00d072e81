-- Containment (CONTRACT §10): the operator can disable an application. While disabled_at is set it is refused at
-- /oauth/authorize and /oauth/token, and disabling it revoked every grant it had, in every tenant.
alter table oauth_clients add column disabled_at timestamptz;
