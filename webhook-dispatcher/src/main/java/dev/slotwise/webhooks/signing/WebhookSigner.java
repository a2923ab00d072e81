package dev.slotwise.webhooks.signing;

import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The two signatures of CONTRACT §8: {@code X-Slotwise-Signature: sha256=<hex HMAC-SHA256(body)>} keyed with the
 * secret's UTF-8 bytes, and Standard Webhooks' {@code webhook-signature: v1,<base64 HMAC-SHA256(id.timestamp.body)>}
 * keyed with the base64-decoded part after {@code whsec_}.
 */
public final class WebhookSigner {

    public static final String SECRET_PREFIX = "whsec_";
    /** Characters of every secret: the prefix and base64 of 32 bytes. */
    public static final int SECRET_LENGTH = SECRET_PREFIX.length() + 44;
    private static final SecureRandom RANDOM = new SecureRandom();

    private WebhookSigner() {
    }

    public static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return SECRET_PREFIX + Base64.getEncoder().encodeToString(bytes);
    }

    public static String slotwiseSignature(String secret, String body) {
        return "sha256=" + HexFormat.of().formatHex(hmac(secret.getBytes(StandardCharsets.UTF_8), body));
    }

    public static String standardSignature(String secret, String webhookId, long timestamp, String body) {
        byte[] key = Base64.getDecoder().decode(secret.substring(SECRET_PREFIX.length()));
        return "v1," + Base64.getEncoder().encodeToString(hmac(key, webhookId + "." + timestamp + "." + body));
    }

    private static byte[] hmac(byte[] key, String message) {
        try {
            Mac mac = Mac.getInstance("HmacSHA256");
            mac.init(new SecretKeySpec(key, "HmacSHA256"));
            return mac.doFinal(message.getBytes(StandardCharsets.UTF_8));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException("HmacSHA256 is part of every JDK", e);
        }
    }
}
