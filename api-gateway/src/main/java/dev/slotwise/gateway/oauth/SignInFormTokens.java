package dev.slotwise.gateway.oauth;

import dev.slotwise.gateway.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import java.nio.charset.StandardCharsets;
import java.security.GeneralSecurityException;
import java.security.MessageDigest;
import java.security.SecureRandom;
import java.time.Duration;
import java.time.Instant;
import java.util.Base64;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;

/**
 * The sign-in form of an authorization request keeps nothing on the server: until a person has signed in there is
 * nothing worth storing, and anyone may open {@code /oauth/authorize}. The browser is given a random nonce in a
 * cookie, the form a token {@code <expiry>.<HMAC-SHA256 of nonce and expiry>} (a signed double-submit token): only
 * the browser that opened the page can send the form, for 10 minutes, and every replica can check it.
 *
 * <p>The HMAC key is derived from the gateway's internal-token signing key (HMAC-SHA256 of its DER bytes with this
 * purpose's label), a secret every replica already shares; no new setting is needed. Rotating that key ends the
 * sign-in pages open at that moment, which then ask the person to start again.
 */
@ApplicationScoped
public class SignInFormTokens {

    static final Duration LIFETIME = Duration.ofMinutes(10);
    private static final String ALGORITHM = "HmacSHA256";
    private static final byte[] PURPOSE = "slotwise oauth sign-in form v1".getBytes(StandardCharsets.US_ASCII);
    private static final SecureRandom RANDOM = new SecureRandom();

    /** What a form's token says about the browser that sent it. */
    enum Verdict {
        /** Issued to this browser and not expired. */
        GOOD,
        /** Issued to this browser, more than 10 minutes ago. */
        EXPIRED,
        /** Not issued to this browser: missing, altered, or another browser's. */
        FORGED
    }

    private final SecretKeySpec key;

    public SignInFormTokens(GatewayConfig config) {
        this.key = new SecretKeySpec(mac(new SecretKeySpec(der(config.internalToken().privateKey()), ALGORITHM),
                PURPOSE), ALGORITHM);
    }

    /** A new random nonce (256 bits) for the browser's cookie. */
    static String newNonce() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return Base64.getUrlEncoder().withoutPadding().encodeToString(bytes);
    }

    /** The form token for the browser holding {@code nonce}. */
    String issue(String nonce) {
        long expires = Instant.now().plus(LIFETIME).getEpochSecond();
        return expires + "." + signature(nonce, expires);
    }

    Verdict check(String nonce, String token) {
        if (nonce == null || token == null || nonce.length() > 100 || token.length() > 100) {
            return Verdict.FORGED;
        }
        int dot = token.indexOf('.');
        long expires;
        try {
            expires = Long.parseLong(token.substring(0, Math.max(dot, 0)));
        } catch (NumberFormatException e) {
            return Verdict.FORGED;
        }
        byte[] expected = signature(nonce, expires).getBytes(StandardCharsets.US_ASCII);
        if (!MessageDigest.isEqual(expected, token.substring(dot + 1).getBytes(StandardCharsets.US_ASCII))) {
            return Verdict.FORGED;
        }
        return Instant.now().getEpochSecond() < expires ? Verdict.GOOD : Verdict.EXPIRED;
    }

    private String signature(String nonce, long expires) {
        return Base64.getUrlEncoder().withoutPadding().encodeToString(
                mac(key, (nonce + "." + expires).getBytes(StandardCharsets.UTF_8)));
    }

    private static byte[] mac(SecretKeySpec key, byte[] data) {
        try {
            Mac mac = Mac.getInstance(ALGORITHM);
            mac.init(key);
            return mac.doFinal(data);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    /** The key's DER bytes, from base64 or PEM text (as {@code slotwise.internal-token.private-key} takes it). */
    private static byte[] der(String privateKey) {
        return Base64.getDecoder().decode(privateKey.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", ""));
    }
}
