package dev.slotwise.webhooks.delivery;

import io.smallrye.mutiny.Uni;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * The claimed deliveries of one dispatcher replica, one lane per endpoint: each lane sends at most
 * {@code concurrency} at a time, in sending order, and a delivery released from held only when nothing else of
 * its endpoint is in flight. An endpoint that hangs fills its own lane and no other; a saturated lane gets no new
 * claims until it drains.
 */
final class EndpointLanes {

    /** Sends and records one delivery; {@code true} when that paused its endpoint. */
    interface Delivery extends Function<Due, Uni<Boolean>> {
    }

    private final int concurrency;
    private final Delivery delivery;
    private final Runnable freed;
    private final Map<String, Lane> lanes = new HashMap<>();
    private int size;

    EndpointLanes(int concurrency, Delivery delivery, Runnable freed) {
        this.concurrency = concurrency;
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
        delivery.apply(due).subscribe().with(paused -> finished(due, paused), failure -> finished(due, false));
    }

    private void finished(Due due, boolean endpointPaused) {
        List<Due> start = new ArrayList<>();
        synchronized (this) {
            Lane lane = lanes.get(due.endpointId());
            lane.finish(due);
            size--;
            if (endpointPaused) {
                // its pending deliveries are held now, these included; the lease no longer applies
                size -= lane.waiting.size();
                lane.waiting.clear();
            }
            lane.startable(concurrency, start);
            if (lane.idle()) {
                lanes.remove(due.endpointId());
            }
        }
        start.forEach(this::send);
        freed.run();
    }

    private static final class Lane {
        private final Deque<Due> waiting = new ArrayDeque<>();
        private int sending;
        private boolean sendingInOrder;

        boolean saturated(int concurrency) {
            return sendingInOrder || waiting.size() + sending >= concurrency
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
