-- A consent is approved in the name of a signed-in user (CONTRACT §9, §10): when the password verified at that sign-in
-- was read, so that approving re-checks, in the approving transaction, that the user is still enabled and that none
-- of their sessions were ended since (a password reset, being disabled, "sign out everywhere"). Requests signed in
-- before this column (null) cannot be approved: the person signs in again (they live 10 minutes).
alter table oauth_authorization_requests add column password_at timestamptz;
