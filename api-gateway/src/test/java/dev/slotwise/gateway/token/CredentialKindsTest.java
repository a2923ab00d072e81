package dev.slotwise.gateway.token;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import dev.slotwise.commons.identity.CredentialKind;
import dev.slotwise.gateway.credential.Credential;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The kind each credential the gateway speaks for is given in its internal token (CONTRACT §8 tells them apart). */
class CredentialKindsTest {

    private static Credential withId(String id) {
        return new Credential(id, "ten_1", Set.of("webhooks.write"), "UTC", "pro", null, null);
    }

    @Test
    void apiKeysGrantsAndThePanelAreToldApart() {
        assertThat(CredentialKinds.of(withId("key_01jf3z9q7m2x8k4n6p0r5s1t3v"))).isEqualTo(CredentialKind.API_KEY);
        assertThat(CredentialKinds.of(withId("grt_01jf3z9q7m2x8k4n6p0r5s1t3v"))).isEqualTo(CredentialKind.OAUTH_GRANT);
        assertThat(CredentialKinds.of(withId("usr_01jf3z9q7m2x8k4n6p0r5s1t3v"))).isEqualTo(CredentialKind.PANEL);
    }

    @Test
    void aCredentialOfNoKnownKindIsNeverSignedAsAny() {
        assertThatThrownBy(() -> CredentialKinds.of(withId("cli_01jf3z9q7m2x8k4n6p0r5s1t3v")))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("'cli'");
        assertThatThrownBy(() -> CredentialKinds.of(withId("grt"))).isInstanceOf(IllegalStateException.class);
    }
}
