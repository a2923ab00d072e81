package dev.slotwise.commons.http;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.problem.ApiException;
import org.junit.jupiter.api.Test;

class EntityTagsTest {

    record Thing(String id, String name) {
    }

    private final EntityTags tags = new EntityTags(new ObjectMapper());

    @Test
    void theTagIsStrongQuotedAndFollowsTheRepresentation() {
        String one = tags.tag(new Thing("a", "x")).etag();
        assertThat(one).matches("\"[A-Za-z0-9_-]{22}\"");
        assertThat(tags.tag(new Thing("a", "x")).etag()).isEqualTo(one);
        assertThat(tags.tag(new Thing("a", "y")).etag()).isNotEqualTo(one);
    }

    @Test
    void ifMatchComparesStronglyAndAcceptsListsAndTheWildcard() {
        String etag = "\"abc\"";
        assertThat(EntityTags.matches("\"abc\"", etag)).isTrue();
        assertThat(EntityTags.matches(" \"x\" , \"abc\"", etag)).isTrue();
        assertThat(EntityTags.matches("*", etag)).isTrue();
        assertThat(EntityTags.matches("W/\"abc\"", etag)).isFalse();
        assertThat(EntityTags.matches("abc", etag)).isFalse();
        assertThat(EntityTags.matches("", etag)).isFalse();
    }

    @Test
    void aStaleConditionIs412AndNoConditionPasses() {
        Thing current = new Thing("a", "x");
        tags.requireMatch(null, current);
        tags.requireMatch(tags.tag(current).etag(), current);
        assertThatThrownBy(() -> tags.requireMatch(tags.tag(new Thing("a", "old")).etag(), current))
                .isInstanceOfSatisfying(ApiException.class, e -> assertThat(e.status()).isEqualTo(412));
    }
}
