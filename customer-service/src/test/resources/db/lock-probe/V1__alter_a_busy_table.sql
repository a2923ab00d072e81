-- MigrationLockTimeoutTest: a migration that needs an ACCESS EXCLUSIVE lock on a table another transaction is using
alter table public.customers add column lock_probe integer;
