package dev.slotwise.testing;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

class KafkaClusterIdTest {

    /** A CI run failed when the id began with '-' (the storage tool read it as an option); 2,000 draws see it ~31 times. */
    @Test
    void clusterIdsNeverLookLikeAnOption() {
        for (int i = 0; i < 2000; i++) {
            assertThat(KafkaBrokerProcess.newClusterId()).doesNotStartWith("-").matches("[A-Za-z0-9_-]{22}");
        }
    }
}
