package dev.slotwise.gateway.credential;

import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.security.NoSuchAlgorithmException;
import java.security.SecureRandom;
import java.util.HexFormat;

/**
 * Bearer secrets: a type prefix and 64 lowercase hex (256 random bits) — API keys {@code swk_}, OAuth access tokens
 * {@code swo_}, refresh tokens {@code swr_}, authorization codes {@code swc_}. Only their SHA-256 is ever stored: 256
 * random bits need no slow hash.
 */
public final class BearerSecrets {

    public static final String API_KEY = "swk_";
    public static final String ACCESS_TOKEN = "swo_";
    public static final String REFRESH_TOKEN = "swr_";
    public static final String AUTHORIZATION_CODE = "swc_";
    private static final int PREFIX_LENGTH = 4;
    private static final int HEX_LENGTH = 64;
    private static final SecureRandom RANDOM = new SecureRandom();
    /** One digest per thread: looking the algorithm up for every request costs more than hashing the key. */
    private static final ThreadLocal<MessageDigest> SHA_256 = ThreadLocal.withInitial(BearerSecrets::newSha256);

    private BearerSecrets() {
    }

    public static String newKey() {
        return newSecret(API_KEY);
    }

    public static String newSecret(String prefix) {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return prefix + HexFormat.of().formatHex(bytes);
    }

    /** An API key: {@code swk_} and 64 lowercase hex digits. */
    public static boolean wellFormed(String key) {
        return wellFormed(API_KEY, key);
    }

    /** The prefix and 64 lowercase hex digits; checked by hand, as it is on every request's path. */
    public static boolean wellFormed(String prefix, String secret) {
        if (secret == null || secret.length() != PREFIX_LENGTH + HEX_LENGTH || !secret.startsWith(prefix)) {
            return false;
        }
        for (int i = PREFIX_LENGTH; i < secret.length(); i++) {
            char c = secret.charAt(i);
            if ((c < '0' || c > '9') && (c < 'a' || c > 'f')) {
                return false;
            }
        }
        return true;
    }

    public static byte[] sha256(String secret) {
        return SHA_256.get().digest(secret.getBytes(StandardCharsets.UTF_8));
    }

    private static MessageDigest newSha256() {
        try {
            return MessageDigest.getInstance("SHA-256");
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("SHA-256 is part of every JDK", e);
        }
    }
}
