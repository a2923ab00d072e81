-- The relay is woken in its own process once events commit (Outbox.committed), no longer by NOTIFY: PostgreSQL
-- serialises the commits of all transactions that notify (a lock held until after the commit record is flushed), so
-- a notifying trigger on the outbox took group commit away from every write that records an event. Idempotent.
drop trigger if exists outbox_notify on outbox;
drop function if exists outbox_notify();
