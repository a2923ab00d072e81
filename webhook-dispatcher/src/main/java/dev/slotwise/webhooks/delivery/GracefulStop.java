package dev.slotwise.webhooks.delivery;

import io.quarkus.runtime.ShutdownEvent;
import io.smallrye.reactive.messaging.kafka.KafkaClientService;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.time.Duration;
import org.jboss.logging.Logger;

/**
 * How a dispatcher replica lets go when it is stopped (SIGTERM, a rollout), so that no delivery waits for it: first the
 * intake — its partitions paused, and what it had fetched enqueued while the database is still there, so that the
 * consumer has nothing left to finish and leaves its group at once, and another replica goes on from the committed
 * offsets (without this, the consumer outlived the database pool and waited for records it could no longer enqueue) —,
 * then the delivery worker ({@link DeliveryWorker#stop}).
 */
@ApplicationScoped
class GracefulStop {

    private static final Logger LOG = Logger.getLogger(GracefulStop.class);

    private final KafkaClientService kafka;
    private final EventIntake intake;
    private final DeliveryWorker worker;

    GracefulStop(KafkaClientService kafka, EventIntake intake, DeliveryWorker worker) {
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
        } catch (RuntimeException e) {
            LOG.warnf("stopping: the intake could not be paused (%s); the next replica reads its records again",
                    e.getMessage());
        }
        worker.stop();
    }
}
