package dev.slotwise.testing;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.NoSuchAlgorithmException;

/** RSA-2048 key pairs for internal-token signing, made where tests and the local stack need one. */
public final class RsaKeys {

    private RsaKeys() {
    }

    public static KeyPair generate() {
        try {
            KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
            generator.initialize(2048);
            return generator.generateKeyPair();
        } catch (NoSuchAlgorithmException e) {
            throw new IllegalStateException("RSA is part of every JDK", e);
        }
    }
}
