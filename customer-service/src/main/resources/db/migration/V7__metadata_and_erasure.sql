-- CONTRACT §19. Metadata: an integrator's own key-value pairs on each customer, always an object ('{}' for none).
alter table customers add column metadata jsonb not null default '{}';
-- metadata[<key>]=<value> filters by containment (metadata @> '{"key":"value"}'), which a GIN index with
-- jsonb_path_ops answers without reading the tenant's other customers (bench/metadata-filter.sh measures it at a
-- million customers).
create index customers_metadata_idx on customers using gin (metadata jsonb_path_ops);
-- HQL has no @> operator: queries call this function, which PostgreSQL inlines into "metadata @> wanted::jsonb"
-- (a single-SELECT SQL function, not STRICT), so the planner sees the operator and uses the index above.
create function metadata_has(metadata jsonb, wanted text) returns boolean
    language sql immutable parallel safe
    as $$ select metadata @> wanted::jsonb $$;

-- Erasure deletes the customer's row (its personal data goes with it); reviews keep the id and remain, so they can
-- no longer reference the row.
alter table reviews drop constraint reviews_customer_id_fkey;
