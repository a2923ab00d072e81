package dev.slotwise.gateway.apikey;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;
import java.util.regex.Pattern;

/** API key material: {@code swk_} + 64 lowercase hex (256 random bits); only its SHA-256 is ever stored. */
public final class ApiKeySecrets {

    public static final String PREFIX = "swk_";
    private static final Pattern SHAPE = Pattern.compile("swk_[0-9a-f]{64}");
    private static final SecureRandom RANDOM = new SecureRandom();

    private ApiKeySecrets() {
    }

    public static String newKey() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + HexFormat.of().formatHex(bytes);
    }

    public static boolean wellFormed(String key) {
        return key != null && SHAPE.matcher(key).matches();
    }

    public static byte[] sha256(String key) {
        try {
            return MessageDigest.getInstance("SHA-256").digest(key.getBytes(StandardCharsets.UTF_8));
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
