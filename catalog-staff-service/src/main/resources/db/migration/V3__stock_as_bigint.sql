-- stock levels and moves are bigint: sales (up to 10,000 of an item, any number of items and sales) may take a level
-- below zero without bound, and an int there overflowed and stopped the consumer (issue 14)
alter table products alter column stock_quantity type bigint;
alter table stock_movements alter column delta type bigint;
