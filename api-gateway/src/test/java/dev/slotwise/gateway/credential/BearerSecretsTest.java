package dev.slotwise.gateway.credential;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class BearerSecretsTest {

    @Test
    void newKeysAreWellFormedAndDistinct() {
        String key = BearerSecrets.newKey();
        assertThat(key).matches("swk_[0-9a-f]{64}");
        assertThat(BearerSecrets.wellFormed(key)).isTrue();
        assertThat(BearerSecrets.newKey()).isNotEqualTo(key);
    }

    @Test
    void anythingElseIsNotAKey() {
        String hex = "0123456789abcdef".repeat(4);
        for (String offered : new String[] {null, "", "swk_", "swk_" + hex.substring(1), "swk_" + hex + "0",
                "swk_" + hex.toUpperCase(), "swk_" + hex.substring(1) + "g", "sk__" + hex, "SWK_" + hex,
                "swk_" + hex.substring(1) + " ", "swk_" + hex.substring(1) + "\u0661"}) {
            assertThat(BearerSecrets.wellFormed(offered)).as(String.valueOf(offered)).isFalse();
        }
    }

    @Test
    void theHashIsPlainSha256OfTheKey() throws Exception {
        String key = BearerSecrets.newKey();
        byte[] expected = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        assertThat(HexFormat.of().formatHex(BearerSecrets.sha256(key))).isEqualTo(HexFormat.of().formatHex(expected));
        assertThat(BearerSecrets.sha256(key)).isEqualTo(BearerSecrets.sha256(key));
    }

    @Test
    void eachKindOfSecretIsKnownByItsPrefix() {
        String access = BearerSecrets.newSecret(BearerSecrets.ACCESS_TOKEN);
        assertThat(access).matches("swo_[0-9a-f]{64}");
        assertThat(BearerSecrets.wellFormed(BearerSecrets.ACCESS_TOKEN, access)).isTrue();
        assertThat(BearerSecrets.wellFormed(BearerSecrets.REFRESH_TOKEN, access)).isFalse();
        assertThat(BearerSecrets.wellFormed(access)).as("an access token is not an API key").isFalse();
    }
}
