-- deleting a delivery sets replay_of to null in its replays (on delete set null): without an index, every deleted
-- delivery scanned the whole table, so deleting an endpoint with n deliveries took n full scans
create index deliveries_replay_of_idx on deliveries (replay_of) where replay_of is not null;
