-- Planted faults for `lint.mjs --self-test`: each unmarked non-additive change must be found, the marked one not.
create table customers (id bigint primary key, name text, email text, notes text);
alter table customers drop column notes;
alter table customers rename column name to full_name;
alter table customers alter column email type varchar(320);
-- the column was never read by any release: dropping it breaks nothing
-- squawk-ignore ban-drop-column
alter table customers drop column full_name;
