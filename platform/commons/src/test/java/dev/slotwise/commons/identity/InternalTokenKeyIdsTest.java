package dev.slotwise.commons.identity;

import static org.assertj.core.api.Assertions.assertThat;

import java.security.KeyPair;
import java.security.KeyPairGenerator;
import java.security.interfaces.RSAPrivateCrtKey;
import java.util.Base64;
import org.junit.jupiter.api.Test;

class InternalTokenKeyIdsTest {

    @Test
    void aKeyPairHasOneIdWhetherReadFromItsPublicOrItsPrivateHalf() throws Exception {
        KeyPairGenerator generator = KeyPairGenerator.getInstance("RSA");
        generator.initialize(2048);
        KeyPair pair = generator.generateKeyPair();
        KeyPair other = generator.generateKeyPair();
        String publicBase64 = Base64.getEncoder().encodeToString(pair.getPublic().getEncoded());
        String pem = "-----BEGIN PUBLIC KEY-----\n" + Base64.getMimeEncoder().encodeToString(pair.getPublic().getEncoded())
                + "\n-----END PUBLIC KEY-----\n";

        String id = InternalTokenKeyIds.of(pair.getPublic());
        assertThat(id).hasSize(16).matches("[A-Za-z0-9_-]+");
        assertThat(InternalTokenKeyIds.ofPublicKey(publicBase64)).isEqualTo(id);
        assertThat(InternalTokenKeyIds.ofPublicKey(pem)).isEqualTo(id);
        assertThat(InternalTokenKeyIds.ofPrivateKey((RSAPrivateCrtKey) pair.getPrivate())).isEqualTo(id);
        assertThat(InternalTokenKeyIds.of(other.getPublic())).isNotEqualTo(id);
    }
}
