-- CONTRACT §19: an integrator's own key-value pairs on each service and staff member, always an object ('{}' for none).
alter table services add column metadata jsonb not null default '{}';
alter table staff add column metadata jsonb not null default '{}';
