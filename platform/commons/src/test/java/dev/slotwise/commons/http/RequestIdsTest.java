package dev.slotwise.commons.http;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashSet;
import java.util.Set;
import java.util.UUID;
import org.junit.jupiter.api.Test;

class RequestIdsTest {

    @Test
    void keepsASaneIdTheClientSent() {
        assertThat(RequestIds.accept("req-42:a.b_c")).isEqualTo("req-42:a.b_c");
    }

    @Test
    void replacesMissingOrUnsafeIdsWithVersion4Uuids() {
        Set<String> issued = new HashSet<>();
        for (String offered : new String[] {null, "", "two words", "x".repeat(129), "new\nline"}) {
            String id = RequestIds.accept(offered);
            UUID parsed = UUID.fromString(id);
            assertThat(parsed.version()).isEqualTo(4);
            assertThat(parsed.variant()).isEqualTo(2);
            assertThat(parsed.toString()).isEqualTo(id);
            issued.add(id);
        }
        assertThat(issued).hasSize(5);
    }
}
