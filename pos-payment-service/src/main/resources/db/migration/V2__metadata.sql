-- CONTRACT §19: an integrator's own key-value pairs on each transaction, always an object ('{}' for none).
alter table transactions add column metadata jsonb not null default '{}';
