-- Locations and resources (CONTRACT §17): catalog data like services and staff. appointment-service reads them per
-- decision through the booking context (decision 0023) and keeps resource exclusivity in its own database.

-- A place of the business with its own time zone; a tenant without locations works exactly as before.
create table locations (
    id         text primary key,
    tenant_id  text        not null,
    name       text        not null,
    time_zone  text        not null,
    address    text,
    phone      text,
    created_at timestamptz not null,
    updated_at timestamptz not null
);
create index locations_tenant_id_idx on locations (tenant_id, id desc);

-- A room, chair or piece of equipment that a booking of a service requiring its type takes for the occupied range.
create table resources (
    id          text primary key,
    tenant_id   text        not null,
    name        text        not null,
    type        text        not null check (char_length(type) between 1 and 50),
    location_id text,
    active      boolean     not null default true,
    created_at  timestamptz not null,
    updated_at  timestamptz not null
);
create index resources_tenant_id_idx on resources (tenant_id, id desc);
-- the booking context reads the active resources of some types of a tenant
create index resources_tenant_type_idx on resources (tenant_id, type);

-- The staff member's location (null: the tenant's time zone, as before). No foreign key: locations are never deleted,
-- and the service checks the id belongs to the tenant, which a foreign key could not say anyway.
alter table staff add column location_id text;

-- The resource types a booking of the service takes one of each of, as a JSON array of strings; [] for none. Text, not
-- jsonb: Hibernate Reactive reads a jsonb column only into an object, never an array (decision 0027).
alter table services add column required_resource_types text not null default '[]';
