package dev.slotwise.webhooks.delivery;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import org.junit.jupiter.api.Test;

class DeliveryMetricsTest {

    @Test
    void theEventsCreationTimeIsReadFromTheTopLevelOfItsBody() {
        assertThat(DeliveryMetrics.createdAt("""
                {"id":"evt_1","type":"customer.created","data":{"createdAt":"2020-01-01T00:00:00Z","tags":["a"]},\
                "createdAt":"2026-11-23T10:15:30.123Z"}""")).isEqualTo(Instant.parse("2026-11-23T10:15:30.123Z"));
        assertThat(DeliveryMetrics.createdAt("{\"id\":\"evt_1\",\"data\":{\"createdAt\":\"2020-01-01T00:00:00Z\"}}"))
                .as("only the event's own, never one in its data").isNull();
        assertThat(DeliveryMetrics.createdAt("{\"createdAt\":\"yesterday\"}")).isNull();
        assertThat(DeliveryMetrics.createdAt("not json")).isNull();
        assertThat(DeliveryMetrics.createdAt("[1,2]")).isNull();
    }
}
