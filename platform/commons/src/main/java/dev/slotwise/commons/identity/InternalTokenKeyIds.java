package dev.slotwise.commons.identity;

import java.security.GeneralSecurityException;
import java.security.KeyFactory;
import java.security.MessageDigest;
import java.security.PublicKey;
import java.security.interfaces.RSAPrivateCrtKey;
import java.security.spec.RSAPublicKeySpec;
import java.security.spec.X509EncodedKeySpec;
import java.util.Base64;

/**
 * The key id ({@code kid}) of an internal-token key pair, derived from its public key: the first 16 characters of the
 * base64url SHA-256 of the key's X.509 encoding. The gateway derives it from its private key, each service from the
 * public keys it trusts, so a rotation needs no key ids in the configuration — and a token names the key it was signed
 * with, which lets a service accept two keys while one replaces the other.
 */
public final class InternalTokenKeyIds {

    private InternalTokenKeyIds() {
    }

    /** The id of a public key given as base64 X.509 (PEM armour allowed). */
    public static String ofPublicKey(String publicKey) {
        return of(publicKey(publicKey));
    }

    /** An RSA public key given as base64 X.509 (PEM armour allowed). */
    static PublicKey publicKey(String text) {
        String base64 = text.replaceAll("-----[A-Z ]+-----", "").replaceAll("\\s", "");
        try {
            return KeyFactory.getInstance("RSA").generatePublic(new X509EncodedKeySpec(Base64.getDecoder().decode(base64)));
        } catch (GeneralSecurityException | IllegalArgumentException e) {
            throw new IllegalStateException("an internal-token public key is not an X.509 RSA public key", e);
        }
    }

    /** The id of the key pair an RSA private key (with its CRT fields, as PKCS#8 keys have) belongs to. */
    public static String ofPrivateKey(RSAPrivateCrtKey privateKey) {
        try {
            return of(KeyFactory.getInstance("RSA").generatePublic(
                    new RSAPublicKeySpec(privateKey.getModulus(), privateKey.getPublicExponent())));
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }

    public static String of(PublicKey key) {
        try {
            byte[] digest = MessageDigest.getInstance("SHA-256").digest(key.getEncoded());
            return Base64.getUrlEncoder().withoutPadding().encodeToString(digest).substring(0, 16);
        } catch (GeneralSecurityException e) {
            throw new IllegalStateException(e);
        }
    }
}
