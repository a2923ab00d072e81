package dev.slotwise.gateway.apikey;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/** API key material: {@code swk_} + 64 lowercase hex (256 random bits); only its SHA-256 is ever stored. */
public final class ApiKeySecrets {

    public static final String PREFIX = "swk_";
    private static final int HEX_LENGTH = 64;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** One digest per thread: looking the algorithm up for every request costs more than hashing the key. */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(ApiKeySecrets::newSha256);

    private ApiKeySecrets() {
    }

    public static String newKey() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return PREFIX + HexFormat.of().formatHex(bytes);
    }

    /** {@code swk_} and 64 lowercase hex digits; checked by hand, as it is on every request's path. */
    public static boolean wellFormed(String key) {
        if (key == null || key.length() != PREFIX.length() + HEX_LENGTH || !key.startsWith(PREFIX)) {
            return false;
        }
        for (int i = PREFIX.length(); i < key.length(); i++) {
            char c = key.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    public static byte[] sha256(String key) {
        return SHA_256.get().digest(key.getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
