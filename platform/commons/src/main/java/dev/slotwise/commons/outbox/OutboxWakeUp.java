package dev.slotwise.commons.outbox;

import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * Tells the relay about events an HTTP request recorded through Hibernate Reactive ({@link Outbox#record}) once its
 * answer is ready: by then the request's transaction has committed (or rolled back, and the relay finds nothing).
 */
public class OutboxWakeUp {

    private final Outbox outbox;

    public OutboxWakeUp(Outbox outbox) {
        this.outbox = outbox;
    }

    @ServerResponseFilter
    public void answered() {
        outbox.committedIfRecorded();
    }
}
