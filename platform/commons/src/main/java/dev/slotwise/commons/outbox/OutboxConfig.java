package dev.slotwise.commons.outbox;

import io.smallrye.config.ConfigMapping;
import io.smallrye.config.WithDefault;
import java.time.Duration;

/**
 * {@code slotwise.outbox.*}. {@code enabled} is read at build time (services that publish events set it true);
 * the topic is the outgoing channel's: {@code mp.messaging.outgoing.outbox.topic}.
 */
@ConfigMapping(prefix = "slotwise.outbox")
public interface OutboxConfig {

    /** Whether this service publishes events (build time: without it the relay bean does not exist). */
    @WithDefault("false")
    boolean enabled();

    /**
     * How often the relay looks for rows without being woken (the backstop: a broker outage, a wake-up missed). It is
     * woken in this process whenever events commit.
     */
    @WithDefault("1s")
    Duration pollInterval();

    /** Rows published per transaction. */
    @WithDefault("200")
    int batchSize();
}
