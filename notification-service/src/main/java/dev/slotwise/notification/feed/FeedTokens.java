package dev.slotwise.notification.feed;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/** A feed's token: 256 random bits as 64 lowercase hex characters; only its SHA-256 is ever stored. */
final class FeedTokens {

    private static final SecureRandom RANDOM = new SecureRandom();

    private FeedTokens() {
    }

    static String next() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return HexFormat.of().formatHex(bytes);
    }

    static byte[] hash(String token) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(token.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException(e);
        }
    }

    static boolean wellFormed(String token) {
        return token != null && token.matches("[0-9a-f]{64}");
    }
}
