-- Issue 44: a delivery claimed by a dispatcher that died stayed leased for the lease's full minute, and deliveries
-- released from held waited behind it in their endpoint's order. A lease now names the replica that holds it; each
-- replica says it is alive every second, and a lease of a replica that has not done so within its timeout, or that
-- left, counts as free. A replica that stops cleanly hands back what it had not sent and leaves at once.
create table dispatcher_replicas (
    id         uuid primary key,
    started_at timestamptz not null default now(),
    seen_at    timestamptz not null default now()
);
alter table deliveries add column leased_by uuid;
