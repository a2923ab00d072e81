-- CONTRACT §19: customer.deleted erases the personal data in the stored payloads of that customer's earlier
-- customer.* deliveries (CustomerErasure). This finds them without reading every delivery of the tenant.
create index deliveries_customer_idx on deliveries (tenant_id, ((payload::jsonb -> 'data') ->> 'id'))
    where event_type in ('customer.created', 'customer.updated');
