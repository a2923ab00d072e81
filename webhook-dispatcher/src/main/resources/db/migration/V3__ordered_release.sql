-- deliveries released from held are sent one at a time, in the order of their events
alter table deliveries add column in_order boolean not null default false;
create index deliveries_in_order_idx on deliveries (endpoint_id) where in_order and status = 'pending';
