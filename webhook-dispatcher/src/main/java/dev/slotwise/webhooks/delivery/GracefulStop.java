package dev.slotwise.webhooks.delivery;

import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.reactive.messaging.kafka.KafkaConnector;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import org.eclipse.microprofile.reactive.messaging.spi.Connector;
import org.jboss.logging.Logger;

/**
 * How a dispatcher replica lets go when it is stopped (SIGTERM, a rollout), so that no delivery waits for it: first the
 * intake — its partitions paused, what it had fetched enqueued while the database is still there, and then the Kafka
 * connector closed, which commits the offsets and leaves the consumer group at once, so that another replica goes on
 * from there —, then the delivery worker ({@link DeliveryWorker#stop}). Left to itself, the connector closes only when
 * the application context is destroyed, seconds later: the consumer outlived the database pool and waited for records
 * it could no longer enqueue, and even drained it kept its partitions, paused, for 2–4 s of a rollout.
 */
@ApplicationScoped
class GracefulStop {

    private static final Logger LOG = Logger.getLogger(GracefulStop.class);

    private final KafkaConnector kafka;
    private final EventIntake intake;
    private final DeliveryWorker worker;

    GracefulStop(@Connector(KafkaConnector.CONNECTOR_NAME) KafkaConnector kafka, EventIntake intake,
            DeliveryWorker worker) {
        this.kafka = kafka;
        this.intake = intake;
        this.worker = worker;
    }

    void stop(@Observes ShutdownEvent event) {
        try {
            kafka.getConsumer("events").pause().await().atMost(Duration.ofSeconds(2));
            if (!intake.awaitIdle(Duration.ofMillis(200), Duration.ofSeconds(5))) {
                LOG.warn("stopping while events are still being enqueued; the next replica reads them again");
            }
            // the connector's own observer of the context's end does the same later; closing twice is harmless
            kafka.terminate(null);
        } catch (RuntimeException e) {
            LOG.warnf("stopping: the intake could not be let go early (%s); the next replica reads its records again",
                    e.getMessage());
        }
        worker.stop();
    }
}
