package dev.slotwise.stack;

import dev.slotwise.testing.RsaKeys;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.security.KeyPair;
import java.security.SecureRandom;
import java.util.Base64;
import java.util.HexFormat;
import java.util.function.Supplier;

/**
 * The local stack's generated secrets, kept (mode 0600, directory 0700) under {@code $SLOTWISE_DATA_DIR/secrets} so that data
 * encrypted or signed in one run stays usable in the next. Never in the repository, never logged.
 */
final class StackSecrets {

    private final Path dir;

    StackSecrets(Path dataDir) {
        this.dir = dataDir.resolve("secrets");
    }

    String adminToken() {
        return readOrCreate("admin-token", () -> "swadm_" + HexFormat.of().formatHex(random(32)));
    }

    String webhookEncryptionKey() {
        return readOrCreate("webhook-encryption-key", () -> Base64.getEncoder().encodeToString(random(32)));
    }

    /** What notification-service shows the gateway to have its own read-only internal tokens minted. */
    String notificationServiceSecret() {
        return readOrCreate("notification-service-secret", () -> HexFormat.of().formatHex(random(32)));
    }

    /** The local PostgreSQL's password (user postgres), which every connection needs. */
    String postgresPassword() {
        return readOrCreate("postgres-password", () -> HexFormat.of().formatHex(random(24)));
    }

    /** [private PKCS#8 base64, public X.509 base64] of the internal-token signing key. */
    String[] internalTokenKeys() {
        if (!Files.exists(dir.resolve("internal-token.key"))) {
            KeyPair pair = RsaKeys.generate();
            write("internal-token.key", Base64.getEncoder().encodeToString(pair.getPrivate().getEncoded()));
            write("internal-token.pub", Base64.getEncoder().encodeToString(pair.getPublic().getEncoded()));
        }
        return new String[] {read("internal-token.key"), read("internal-token.pub")};
    }

    String read(String name) {
        try {
            return Files.readString(dir.resolve(name), StandardCharsets.UTF_8).trim();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    boolean has(String name) {
        return Files.exists(dir.resolve(name));
    }

    /**
     * Writes a secret the way nobody else can read it, not even for a moment: the directory is created 0700, the
     * file is created 0600 (under a temporary name) before a byte is written, then renamed into place, so a reader
     * never sees it half written either.
     */
    void write(String name, String value) {
        try {
            PrivateFiles.directory(dir);
            Path partial = Files.createTempFile(dir, name, ".partial", PrivateFiles.OWNER_ONLY_FILE);
            Files.writeString(partial, value, StandardCharsets.UTF_8);
            Files.move(partial, dir.resolve(name), StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private String readOrCreate(String name, Supplier<String> create) {
        if (!has(name)) {
            write(name, create.get());
        }
        return read(name);
    }

    private static byte[] random(int bytes) {
        byte[] value = new byte[bytes];
        new SecureRandom().nextBytes(value);
        return value;
    }

}
