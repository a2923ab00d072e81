-- rotation: the previous secret keeps signing beside the new one for 24 hours
alter table webhook_endpoints
    add column previous_secret_ciphertext bytea,
    add column secret_rotated_at          timestamptz;

-- replay: a new delivery of an event already delivered; enqueueing stays exactly-once for the original
alter table deliveries add column replay_of uuid references deliveries (id) on delete set null;
alter table deliveries drop constraint deliveries_event_id_endpoint_id_key;
create unique index deliveries_event_endpoint_key on deliveries (event_id, endpoint_id) where replay_of is null;
create index deliveries_endpoint_status_idx on deliveries (endpoint_id, status, created_at);
