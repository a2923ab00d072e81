-- a claim visits the endpoints with pending deliveries and takes each one's oldest due ones: both steps read this
-- index in order (the endpoints by a loose index scan). It replaces the due index, which ordered pending
-- deliveries by time alone, so skipping a busy endpoint's backlog meant reading all of it.
create index deliveries_pending_idx on deliveries (endpoint_id, next_attempt_at) where status = 'pending';
drop index deliveries_due_idx;
