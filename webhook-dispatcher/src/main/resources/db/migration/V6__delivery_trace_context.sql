-- The trace a delivery belongs to (W3C traceparent): the event's, taken from its Kafka record at intake, or the API
-- request's for a ping, replay or recovery. Every attempt is a span of that trace.
alter table deliveries add column trace_parent text;
