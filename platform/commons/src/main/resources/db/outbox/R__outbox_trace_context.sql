-- The trace an event was recorded in (W3C traceparent), so that its Kafka record, and what consumers do with it, join
-- the request's trace. Repeatable and idempotent: the chassis's tables can gain columns without a version number that
-- would sort among the services' own migrations.
alter table outbox add column if not exists trace_parent text;
