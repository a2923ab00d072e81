-- Containment (CONTRACT §10, §13): the operator disables a user or sets a new password; a user changes their own
-- password or signs out everywhere. Panel sessions whose password was last entered before `sessions_ended_at` are
-- over, whatever row a race left behind: every session lookup compares the two, so a sign-in verified with the old
-- password just before a reset cannot start a session that outlives it.
alter table tenant_users
    add column disabled          boolean     not null default false,
    add column last_sign_in_at   timestamptz,
    add column sessions_ended_at timestamptz not null default '-infinity';

-- When the user's password was last entered for this session (at sign-in, on the Account page, or to confirm
-- minting a key): the moment the password hash that was then verified was read. Re-authentication (minting an API
-- key) needs it to be recent.
alter table panel_sessions add column password_at timestamptz;
update panel_sessions set password_at = created_at;
alter table panel_sessions alter column password_at set not null;
