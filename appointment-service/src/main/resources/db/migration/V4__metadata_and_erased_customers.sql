-- CONTRACT §19. (V4, not V3: issue 36's visits and holds take V3 on a parallel branch; renumber freely on merge.)

-- Metadata: an integrator's own key-value pairs on each appointment, always an object ('{}' for none).
alter table appointments add column metadata jsonb not null default '{}';
-- metadata[<key>]=<value> filters by containment, which a GIN index with jsonb_path_ops answers.
create index appointments_metadata_idx on appointments using gin (metadata jsonb_path_ops);
-- HQL has no @> operator: queries call this function, which PostgreSQL inlines into "metadata @> wanted::jsonb"
-- (a single-SELECT SQL function, not STRICT), so the planner sees the operator and uses the index above.
create function metadata_has(metadata jsonb, wanted text) returns boolean
    language sql immutable parallel safe
    as $$ select metadata @> wanted::jsonb $$;

-- Customers erased in customer-service (sealed before their row was deleted): their ids can never be booked again.
create table erased_customers (
    tenant_id   text        not null,
    customer_id text        not null,
    erased_at   timestamptz not null default now(),
    primary key (tenant_id, customer_id)
);
create index appointments_customer_idx on appointments (tenant_id, customer_id);

-- Erasure and booking race on the customer's advisory lock: a booking takes it shared (any number book at once), the
-- seal takes it exclusively. So either the booking committed before the seal looked for bookings ahead (and the
-- seal sees it: 409), or the booking waits for the seal and then sees the erased id (and is refused) — an erased
-- customer never holds a booked appointment, whatever the timing, and whichever code path inserts it (bookings,
-- visits, holds).
create function appointments_refuse_erased_customer() returns trigger language plpgsql as $$
begin
    perform pg_advisory_xact_lock_shared(hashtextextended(new.tenant_id || ' ' || new.customer_id, 19));
    if exists (select 1 from erased_customers where tenant_id = new.tenant_id and customer_id = new.customer_id) then
        -- worded as PostgreSQL words a check constraint, so that Hibernate names the constraint as for any other
        raise exception 'new row for relation "appointments" violates check constraint "appointments_customer_not_erased"'
            using errcode = '23514', constraint = 'appointments_customer_not_erased',
                  detail = 'the customer was erased';
    end if;
    return new;
end
$$;
create trigger appointments_customer_not_erased before insert on appointments
    for each row when (new.status = 'booked') execute function appointments_refuse_erased_customer();
