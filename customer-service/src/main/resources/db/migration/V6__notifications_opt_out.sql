-- CONTRACT §18: a customer who wants no transactional e-mail (confirmations, notices, reminders) says so here;
-- marketing consent is a separate matter. Existing customers keep getting them (default false).
alter table customers add column notifications_opt_out boolean not null default false;
