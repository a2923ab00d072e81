-- The transactional outbox of platform/commons: rows are written in the same transaction as the change they
-- describe and deleted by the relay once Kafka acknowledged them.
create table outbox (
    id          bigserial primary key,
    event_id    text        not null unique,
    message_key text        not null,
    payload     text        not null,
    created_at  timestamptz not null default now()
);

create function outbox_notify() returns trigger language plpgsql as $$
begin
    perform pg_notify('slotwise_outbox', '');
    return null;
end
$$;

create trigger outbox_notify after insert on outbox
    for each statement execute function outbox_notify();
