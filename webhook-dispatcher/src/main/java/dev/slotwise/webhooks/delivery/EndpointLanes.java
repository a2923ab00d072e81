package dev.slotwise.webhooks.delivery;

import io.smallrye.mutiny.Uni;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicBoolean;

/**
 * The claimed deliveries of one dispatcher replica, one lane per endpoint: each lane sends at most
 * {@code concurrency} at a time, in sending order, and a delivery released from held only when nothing else of
 * its endpoint is in flight. An endpoint that hangs fills its own lane and no other.
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

    private final int concurrency;
    private final int capacity;
    private final Delivery delivery;
    private final Runnable freed;
    private final Map<String, Lane> lanes = new HashMap<>();
    private int size;

    /** {@code freed} runs when room opens for a claim. */
    EndpointLanes(int concurrency, int capacity, Delivery delivery, Runnable freed) {
        this.concurrency = concurrency;
        this.capacity = capacity;
        this.delivery = delivery;
        this.freed = freed;
    }

    /** Deliveries claimed and not yet finished. */
    synchronized int size() {
        return size;
    }

    /** Endpoints that must not be claimed for now. */
    synchronized String[] saturated() {
        return lanes.entrySet().stream().filter(lane -> lane.getValue().saturated(concurrency))
                .map(Map.Entry::getKey).toArray(String[]::new);
    }

    /** Queues a claimed batch (in sending order) and starts what each lane has room for. */
    void add(List<Due> batch) {
        List<Due> start = new ArrayList<>();
        synchronized (this) {
            for (Due due : batch) {
                lanes.computeIfAbsent(due.endpointId(), id -> new Lane()).waiting.add(due);
                size++;
            }
            batch.stream().map(Due::endpointId).distinct().forEach(id -> lanes.get(id).startable(concurrency, start));
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
            lane.startable(concurrency, start);
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
            size--;
            Lane lane = lanes.get(due.endpointId());
            if (endpointPaused && lane != null) {
                // its pending deliveries are held now, these included; the lease no longer applies
                boolean wasSaturated = lane.saturated(concurrency);
                size -= lane.waiting.size();
                lane.waiting.clear();
                if (lane.idle()) {
                    lanes.remove(due.endpointId());
                }
                opened = wasSaturated && !lane.saturated(concurrency);
            }
            opened |= wasFull && size <= capacity - concurrency;
        }
        if (opened) {
            freed.run();
        }
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
