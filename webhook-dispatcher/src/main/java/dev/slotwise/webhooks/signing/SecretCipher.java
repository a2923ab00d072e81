package dev.slotwise.webhooks.signing;

import dev.slotwise.webhooks.WebhooksConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.inject.Inject;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.Arrays;
import java.util.Base64;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import javax.crypto.Cipher;
import javax.crypto.SecretKey;
import javax.crypto.spec.GCMParameterSpec;
import javax.crypto.spec.SecretKeySpec;

/**
 * Encrypts endpoint secrets at rest with AES-256-GCM, bound to their endpoint: the endpoint id is the additional
 * authenticated data, so a ciphertext copied to another endpoint's row does not decrypt. Stored as
 * {@code 0x01, key-id length, key id, 96-bit random nonce, ciphertext and tag}; the key id (the first 8 hex digits
 * of the key's SHA-256, never the key) names the key, so the key can rotate: the current key
 * ({@code slotwise.webhooks.encryption-key}) encrypts, and it or a retired one
 * ({@code slotwise.webhooks.retired-encryption-keys}) decrypts, until {@code SecretUpkeep} has re-encrypted every
 * row under the current key.
 *
 * <p>Secrets stored before key ids (nonce and ciphertext alone, not bound to the endpoint) are recognised by their
 * length — every secret is {@code whsec_} and 44 characters, so they are exactly 78 bytes and the current format
 * never is — and are re-encrypted at start.
 */
@ApplicationScoped
public class SecretCipher {

    private static final byte FORMAT = 1;
    private static final int NONCE_BYTES = 12;
    private static final int TAG_BITS = 128;
    private static final int UNBOUND_LENGTH = NONCE_BYTES + WebhookSigner.SECRET_LENGTH + TAG_BITS / 8;

    private final String currentKeyId;
    private final Map<String, SecretKey> keys = new LinkedHashMap<>();
    private final SecureRandom random = new SecureRandom();

    @Inject
    public SecretCipher(WebhooksConfig config) {
        this(config.encryptionKey(), config.retiredEncryptionKeys().orElse(List.of()));
    }

    SecretCipher(String encryptionKey, List<String> retiredKeys) {
        SecretKey current = key("slotwise.webhooks.encryption-key", encryptionKey);
        this.currentKeyId = keyId(current);
        keys.put(currentKeyId, current);
        for (String retired : retiredKeys) {
            if (!retired.isBlank()) {
                SecretKey key = key("slotwise.webhooks.retired-encryption-keys", retired);
                keys.putIfAbsent(keyId(key), key);
            }
        }
    }

    /** The id of the key that encrypts now. */
    public String currentKeyId() {
        return currentKeyId;
    }

    public byte[] encrypt(String endpointId, String secret) {
        try {
            byte[] nonce = new byte[NONCE_BYTES];
            random.nextBytes(nonce);
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.ENCRYPT_MODE, keys.get(currentKeyId), new GCMParameterSpec(TAG_BITS, nonce));
            cipher.updateAAD(endpointId.getBytes(StandardCharsets.UTF_8));
            byte[] sealed = cipher.doFinal(secret.getBytes(StandardCharsets.UTF_8));
            byte[] keyId = currentKeyId.getBytes(StandardCharsets.US_ASCII);
            return ByteBuffer.allocate(2 + keyId.length + nonce.length + sealed.length)
                    .put(FORMAT).put((byte) keyId.length).put(keyId).put(nonce).put(sealed).array();
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("secret encryption failed", e);
        }
    }

    public String decrypt(String endpointId, byte[] stored) {
        try {
            if (unbound(stored)) {
                return decryptUnbound(stored);
            }
            if (stored.length < 2 || stored.length < 2 + stored[1] + NONCE_BYTES) {
                throw new IllegalStateException("the stored secret is too short to be one (" + stored.length + " bytes)");
            }
            int keyIdLength = stored[1];
            String keyId = new String(stored, 2, keyIdLength, StandardCharsets.US_ASCII);
            SecretKey key = keys.get(keyId);
            if (stored[0] != FORMAT || key == null) {
                throw new IllegalStateException("secret encrypted under key " + keyId
                        + ", which is neither the encryption key nor a retired one");
            }
            int nonceAt = 2 + keyIdLength;
            Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
            cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, stored, nonceAt, NONCE_BYTES));
            cipher.updateAAD(endpointId.getBytes(StandardCharsets.UTF_8));
            int sealedAt = nonceAt + NONCE_BYTES;
            return new String(cipher.doFinal(stored, sealedAt, stored.length - sealedAt), StandardCharsets.UTF_8);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("secret decryption failed (another endpoint's secret, or a wrong key)", e);
        }
    }

    /** Whether the stored secret must be encrypted again: not bound to its endpoint, or under a retired key. */
    public boolean needsReencryption(byte[] stored) {
        return stored != null && (unbound(stored) || stored[0] != FORMAT || stored.length < 2 + stored[1]
                || !currentKeyId.equals(new String(stored, 2, stored[1], StandardCharsets.US_ASCII)));
    }

    private static boolean unbound(byte[] stored) {
        return stored.length == UNBOUND_LENGTH;
    }

    /** A secret from before key ids: nonce and ciphertext, no endpoint binding, under whichever key it was. */
    private String decryptUnbound(byte[] stored) throws GeneralSecurityException {
        GeneralSecurityException last = null;
        for (SecretKey key : keys.values()) {
            try {
                Cipher cipher = Cipher.getInstance("AES/GCM/NoPadding");
                cipher.init(Cipher.DECRYPT_MODE, key, new GCMParameterSpec(TAG_BITS, stored, 0, NONCE_BYTES));
                return new String(cipher.doFinal(stored, NONCE_BYTES, stored.length - NONCE_BYTES), StandardCharsets.UTF_8);
            } catch (GeneralSecurityException wrongKey) {
                last = wrongKey;
            }
        }
        throw last;
    }

    private static SecretKey key(String setting, String base64) {
        byte[] raw = Base64.getDecoder().decode(base64.trim());
        if (raw.length != 32) {
            throw new IllegalStateException(setting + " must be base64 of 32 bytes");
        }
        return new SecretKeySpec(raw, "AES");
    }

    private static String keyId(SecretKey key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
            return HexFormat.of().formatHex(Arrays.copyOf(digest, 4));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }
}
