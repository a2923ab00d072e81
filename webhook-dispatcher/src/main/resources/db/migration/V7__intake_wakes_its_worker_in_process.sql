-- The intake runs one statement per event. Its statement-level trigger notified the delivery worker for every one,
-- also for the many events no endpoint subscribes to (a claim that found nothing, a third of the database's CPU at
-- 1,200 events/s), and any NOTIFY serialises the commits of every notifying transaction until its commit record is
-- flushed. The intake now wakes the worker of its own process when it enqueued something; the worker still LISTENs
-- for the rare explicit notifications (an endpoint resumed, a delivery replayed) and polls for retries falling due.
drop trigger deliveries_notify on deliveries;
drop function deliveries_notify();
