package dev.slotwise.gateway.apikey;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.HexFormat;
import org.junit.jupiter.api.Test;

class ApiKeySecretsTest {

    @Test
    void newKeysAreWellFormedAndDistinct() {
        String key = ApiKeySecrets.newKey();
        assertThat(key).matches("swk_[0-9a-f]{64}");
        assertThat(ApiKeySecrets.wellFormed(key)).isTrue();
        assertThat(ApiKeySecrets.newKey()).isNotEqualTo(key);
    }

    @Test
    void anythingElseIsNotAKey() {
        String hex = "0123456789abcdef".repeat(4);
        for (String offered : new String[] {null, "", "swk_", "swk_" + hex.substring(1), "swk_" + hex + "0",
                "swk_" + hex.toUpperCase(), "swk_" + hex.substring(1) + "g", "sk__" + hex, "SWK_" + hex,
                "swk_" + hex.substring(1) + " ", "swk_" + hex.substring(1) + "\u0661"}) {
            assertThat(ApiKeySecrets.wellFormed(offered)).as(String.valueOf(offered)).isFalse();
        }
    }

    @Test
    void theHashIsPlainSha256OfTheKey() throws Exception {
        String key = ApiKeySecrets.newKey();
        byte[] expected = MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        assertThat(HexFormat.of().formatHex(ApiKeySecrets.sha256(key))).isEqualTo(HexFormat.of().formatHex(expected));
        assertThat(ApiKeySecrets.sha256(key)).isEqualTo(ApiKeySecrets.sha256(key));
    }
}
