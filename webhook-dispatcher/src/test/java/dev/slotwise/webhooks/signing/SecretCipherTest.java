package dev.slotwise.webhooks.signing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.List;
import javax.crypto.Cipher;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class SecretCipherTest {

    private static final String OLD_KEY = Base64.getEncoder().encodeToString(new byte[32]);
    private static final String NEW_KEY = Base64.getEncoder().encodeToString("0123456789abcdef0123456789abcdef".getBytes());
    private final String secret = WebhookSigner.newSecret();

    @Test
    void aSecretDecryptsOnlyForItsOwnEndpoint() {
        SecretCipher cipher = new SecretCipher(NEW_KEY, List.of());
        byte[] stored = cipher.encrypt("we_a", secret);
        assertThat(cipher.decrypt("we_a", stored)).isEqualTo(secret);
        // a ciphertext copied into another endpoint's row signs nothing for it
        assertThatThrownBy(() -> cipher.decrypt("we_b", stored)).isInstanceOf(IllegalStateException.class);
        assertThat(cipher.needsReencryption(stored)).isFalse();
        assertThat(new String(stored, StandardCharsets.ISO_8859_1)).doesNotContain(secret.substring(6, 20));
    }

    /** A stored value too short to be a ciphertext is refused as undecryptable (logged and left by the upkeep). */
    @Test
    void aTruncatedCiphertextIsUndecryptableNotACrash() {
        SecretCipher cipher = new SecretCipher(NEW_KEY, List.of());
        byte[] stored = cipher.encrypt("we_a", secret);
        for (byte[] truncated : List.of(new byte[] {1}, java.util.Arrays.copyOf(stored, 2),
                java.util.Arrays.copyOf(stored, 12))) {
            assertThatThrownBy(() -> cipher.decrypt("we_a", truncated)).isInstanceOf(IllegalStateException.class);
        }
    }

    @Test
    void theKeyRotatesRetiredKeysDecryptUntilEverythingIsEncryptedAgain() {
        SecretCipher before = new SecretCipher(OLD_KEY, List.of());
        byte[] stored = before.encrypt("we_a", secret);

        SecretCipher after = new SecretCipher(NEW_KEY, List.of(OLD_KEY));
        assertThat(after.currentKeyId()).isNotEqualTo(before.currentKeyId()).hasSize(8);
        assertThat(after.needsReencryption(stored)).isTrue();
        byte[] again = after.encrypt("we_a", after.decrypt("we_a", stored));
        assertThat(after.needsReencryption(again)).isFalse();

        SecretCipher withoutTheOldKey = new SecretCipher(NEW_KEY, List.of());
        assertThat(withoutTheOldKey.decrypt("we_a", again)).isEqualTo(secret);
        assertThatThrownBy(() -> withoutTheOldKey.decrypt("we_a", stored))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining(before.currentKeyId());
    }

    @Test
    void secretsStoredBeforeKeyIdsAreReadAndMarkedForEncryptionAgain() throws Exception {
        byte[] unbound = unboundFormat(OLD_KEY, secret);
        SecretCipher cipher = new SecretCipher(NEW_KEY, List.of(OLD_KEY));
        assertThat(cipher.needsReencryption(unbound)).isTrue();
        assertThat(cipher.decrypt("we_any", unbound)).isEqualTo(secret);
    }

    /** The format before issue 14: nonce and AES-GCM ciphertext, no key id, no endpoint binding. */
    static byte[] unboundFormat(String key, String secret) throws Exception {
        byte[] nonce = new byte[12];
        Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
        cipher.init(Cipher.ENCRYPT_MODE, new SecretKeySpec(Base64.getDecoder().decode(key), "AES"),
                new GCMParameterSpec(128, nonce));
        byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
        return ByteBuffer.allocate(12 + sealed.length).put(nonce).put(sealed).array();
    }
}
