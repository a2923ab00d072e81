package dev.slotwise.webhooks.delivery;

import io.smallrye.mutiny.Uni;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The claimed deliveries of one dispatcher replica, one lane per endpoint: each lane sends at most
 * {@code concurrency} at a time, in sending order, and a delivery released from held only when nothing else of
 * its endpoint is in flight. An endpoint that hangs fills its own lane and no other; a tenant whose endpoints hang
 * holds at most {@code tenantConcurrency} deliveries claimed, so it never takes the replica's room from the others.
 *
 * <p>A lane holds up to a lane's worth waiting behind the ones sending, so that it keeps sending while the next
 * claim is made; it is saturated (left out of claims) while it holds more than that. Claims are asked for only when
 * room opens: a saturated lane drains to a lane's worth, or the replica's deliveries fall a lane's worth below its
 * capacity. Not after every finished delivery: each claim is a statement, and those would cost more than sending.
 */
final class EndpointLanes {

    /**
     * One delivery: runs {@code sent} once the attempt is over, then records it; {@code true} when that paused its
     * endpoint.
     */
    interface Delivery {
        Uni<Boolean> apply(Due due, Runnable sent);
    }

    /**
     * What a claim may take now: not from {@code saturatedEndpoints}, and for each of {@code busyTenants} no more than
     * the {@code tenantRoom} at the same place (tenants not named have their whole share).
     */
    record Room(String[] saturatedEndpoints, String[] busyTenants, Integer[] tenantRoom) {
        /** Whether some due delivery may be left unclaimed for want of room. */
        boolean limited() {
            return saturatedEndpoints.length > 0 || Arrays.stream(tenantRoom).anyMatch(room -> room == 0);
        }
    }

    private final int concurrency;
    private final int tenantConcurrency;
    private final int capacity;
    private final Delivery delivery;
    private final Runnable freed;
    private final Map<String, Lane> lanes = new HashMap<>();
    /** Deliveries claimed and not yet recorded, per tenant. */
    private final Map<String, Integer> claimedByTenant = new HashMap<>();
    private int size;
    private boolean stopped;

    /** {@code freed} runs when room opens for a claim. */
    EndpointLanes(int concurrency, int tenantConcurrency, int capacity, Delivery delivery, Runnable freed) {
        this.concurrency = concurrency;
        this.tenantConcurrency = tenantConcurrency;
        this.capacity = capacity;
        this.delivery = delivery;
        this.freed = freed;
    }

    /** Deliveries claimed and not yet finished. */
    synchronized int size() {
        return size;
    }

    /** What the next claim may take. */
    synchronized Room room() {
        String[] saturated = lanes.entrySet().stream().filter(lane -> lane.getValue().saturated(concurrency))
                .map(Map.Entry::getKey).toArray(String[]::new);
        String[] tenants = claimedByTenant.keySet().toArray(String[]::new);
        Integer[] room = new Integer[tenants.length];
        for (int i = 0; i < tenants.length; i++) {
            room[i] = Math.max(0, tenantConcurrency - claimedByTenant.get(tenants[i]));
        }
        return new Room(saturated, tenants, room);
    }

    /**
     * Starts nothing more, and takes out what waits in the lanes without having started: the caller hands it back.
     * Attempts under way go on and are recorded.
     */
    List<Due> stop() {
        List<Due> unsent = new ArrayList<>();
        synchronized (this) {
            stopped = true;
            for (Lane lane : lanes.values()) {
                unsent.addAll(lane.waiting);
                lane.waiting.clear();
            }
            lanes.values().removeIf(Lane::idle);
            unsent.forEach(this::forget);
            notifyAll();
        }
        return unsent;
    }

    /** After {@link #stop}: waits until every attempt under way is recorded; {@code false} if the time ran out. */
    synchronized boolean awaitIdle(Duration atMost) {
        long deadline = System.nanoTime() + atMost.toNanos();
        try {
            while (size > 0) {
                long left = deadline - System.nanoTime();
                if (left <= 0) {
                    return false;
                }
                TimeUnit.NANOSECONDS.timedWait(this, left);
            }
            return true;
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return false;
        }
    }

    /** Queues a claimed batch (in sending order) and starts what each lane has room for. */
    void add(List<Due> batch) {
        List<Due> start = new ArrayList<>();
        synchronized (this) {
            for (Due due : batch) {
                lanes.computeIfAbsent(due.endpointId(), id -> new Lane()).waiting.add(due);
                claimedByTenant.merge(due.tenantId(), 1, Integer::sum);
                size++;
            }
            if (!stopped) {
                batch.stream().map(Due::endpointId).distinct().forEach(id -> lanes.get(id).startable(concurrency, start));
            }
        }
        start.forEach(this::send);
    }

    private void send(Due due) {
        AtomicBoolean over = new AtomicBoolean();
        Runnable sent = () -> {
            if (over.compareAndSet(false, true)) {
                sent(due);
            }
        };
        delivery.apply(due, sent).subscribe().with(paused -> {
            sent.run();
            recorded(due, paused);
        }, failure -> {
            sent.run();
            recorded(due, false);
        });
    }

    /** The attempt is over: the endpoint's next one may start, while this one's outcome is being written. */
    private void sent(Due due) {
        List<Due> start = new ArrayList<>();
        boolean opened;
        synchronized (this) {
            Lane lane = lanes.get(due.endpointId());
            boolean wasSaturated = lane.saturated(concurrency);
            lane.finish(due);
            if (!stopped) {
                lane.startable(concurrency, start);
            }
            if (lane.idle()) {
                lanes.remove(due.endpointId());
            }
            opened = wasSaturated && !lane.saturated(concurrency);
        }
        start.forEach(this::send);
        if (opened) {
            freed.run();
        }
    }

    /** The outcome is written: the delivery no longer counts against the replica's capacity. */
    private void recorded(Due due, boolean endpointPaused) {
        boolean opened = false;
        synchronized (this) {
            boolean wasFull = size > capacity - concurrency;
            boolean tenantWasFull = claimedByTenant.getOrDefault(due.tenantId(), 0) >= tenantConcurrency;
            forget(due);
            Lane lane = lanes.get(due.endpointId());
            if (endpointPaused && lane != null) {
                // its pending deliveries are held now, these included; the lease no longer applies
                boolean wasSaturated = lane.saturated(concurrency);
                lane.waiting.forEach(this::forget);
                lane.waiting.clear();
                if (lane.idle()) {
                    lanes.remove(due.endpointId());
                }
                opened = wasSaturated && !lane.saturated(concurrency);
            }
            opened |= wasFull && size <= capacity - concurrency;
            opened |= tenantWasFull && claimedByTenant.getOrDefault(due.tenantId(), 0) < tenantConcurrency;
            if (size == 0) {
                notifyAll();
            }
        }
        if (opened) {
            freed.run();
        }
    }

    /** One delivery claimed no more: its room, the replica's and its tenant's, is free. */
    private void forget(Due due) {
        size--;
        claimedByTenant.computeIfPresent(due.tenantId(), (tenant, claimed) -> claimed == 1 ? null : claimed - 1);
    }

    private static final class Lane {
        private final Deque<Due> waiting = new ArrayDeque<>();
        private int sending;
        private boolean sendingInOrder;

        boolean saturated(int concurrency) {
            return sendingInOrder || waiting.size() + sending > concurrency
                    || waiting.stream().anyMatch(Due::inOrder);
        }

        void startable(int concurrency, List<Due> into) {
            while (!waiting.isEmpty() && !sendingInOrder && sending < concurrency) {
                Due next = waiting.peek();
                if (next.inOrder() && sending > 0) {
                    return;
                }
                waiting.poll();
                sending++;
                sendingInOrder = next.inOrder();
                into.add(next);
            }
        }

        void finish(Due due) {
            sending--;
            if (due.inOrder()) {
                sendingInOrder = false;
            }
        }

        boolean idle() {
            return waiting.isEmpty() && sending == 0;
        }
    }
}
