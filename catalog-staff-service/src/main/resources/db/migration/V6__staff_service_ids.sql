-- The services a staff member performs (CONTRACT §14), as their ids joined by commas ('' = every service). A short
-- list read and written with the staff row; ids never contain a comma.
alter table staff add column service_ids text not null default '';
