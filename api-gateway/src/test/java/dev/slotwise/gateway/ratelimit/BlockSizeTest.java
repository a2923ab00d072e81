package dev.slotwise.gateway.ratelimit;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class BlockSizeTest {

    private final BlockSize blocks = new BlockSize(16, 100);

    @Test
    void aShareOfWhatIsLeftUpToTheMost() {
        assertThat(blocks.of(100_000)).isEqualTo(100);
        assertThat(blocks.of(1_600)).isEqualTo(100);
        assertThat(blocks.of(1_599)).isEqualTo(99);
        assertThat(blocks.of(100)).isEqualTo(6);
    }

    @Test
    void oneEachNearTheLimitAndNothingPastIt() {
        assertThat(blocks.of(31)).isEqualTo(1);
        assertThat(blocks.of(1)).isEqualTo(1);
        assertThat(blocks.of(0)).isZero();
        assertThat(blocks.of(-5)).isZero();
        assertThat(BlockSize.ONE.of(100_000)).isEqualTo(1);
    }

    @Test
    void aBlockHoldsAtLeastOneCount() {
        assertThatThrownBy(() -> new BlockSize(16, 0)).isInstanceOf(IllegalArgumentException.class);
    }
}
