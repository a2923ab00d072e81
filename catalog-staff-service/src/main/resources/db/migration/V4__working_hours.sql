-- A staff member's weekly working hours (CONTRACT §14): a small value read and replaced whole, kept with the staff
-- row as JSON ([{"day":"monday","start":"09:00","end":"17:00"}, ...], in the tenant's time zone; [] when unset).
alter table staff add column working_hours text not null default '[]';
