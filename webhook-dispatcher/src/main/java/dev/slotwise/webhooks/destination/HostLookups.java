package dev.slotwise.webhooks.destination;

import dev.slotwise.webhooks.WebhooksConfig;
import io.smallrye.mutiny.Uni;
import io.vertx.mutiny.core.Vertx;
import io.vertx.mutiny.core.WorkerExecutor;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.concurrent.TimeUnit;

/**
 * The threads on which a registration waits for its URL's check ({@link DestinationPolicy#check}), apart from the
 * worker threads the API and the database work need ({@code slotwise.webhooks.lookup-threads}). Deliveries never use
 * them: their lookups do not block.
 */
@ApplicationScoped
public class HostLookups {

    private final WorkerExecutor executor;

    public HostLookups(Vertx vertx, WebhooksConfig config) {
        this.executor = vertx.createSharedWorkerExecutor("webhook-lookups", config.lookupThreads(),
                config.timeout().toMillis() * 3, TimeUnit.MILLISECONDS);
    }

    /** Runs a blocking lookup on the pool; lookups of different attempts run side by side. */
    public <T> Uni<T> run(Uni<T> lookup) {
        return executor.executeBlocking(lookup, false);
    }

    @PreDestroy
    void close() {
        executor.closeAndForget();
    }
}
