-- Password checks per subject (CONTRACT §6, §13): a subject is an account (the SHA-256 of 'account:' and the
-- lower-cased e-mail address) or a client address (the SHA-256 of 'address:' and the address); neither is stored in
-- the clear. An attempt is recorded in `pending` by one atomic statement BEFORE its password is checked, and only
-- while the pending and failed attempts of the subject's window leave room for it; a failure moves it to `failures`,
-- a success removes it. So parallel guesses cannot pass the limit: the row lock of that statement admits them one by
-- one. `locked_until` refuses every attempt of the subject until then.
create table sign_in_attempts (
    subject      bytea primary key,
    pending      timestamptz[] not null default '{}',
    failures     timestamptz[] not null default '{}',
    locked_until timestamptz
);

-- the failures recorded after the password check, which parallel guesses passed
drop table sign_in_throttle;
