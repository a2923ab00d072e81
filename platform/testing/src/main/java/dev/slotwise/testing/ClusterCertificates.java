package dev.slotwise.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.security.SecureRandom;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * A cluster CA and a broker certificate it signed, as Strimzi gives a Kafka cluster: clients trust the CA's PEM
 * ({@code ca.crt} of {@code <cluster>-cluster-ca-cert}), never the broker's own certificate, and check that the
 * broker's name is in it (the broker here is 127.0.0.1). Made with the JDK's keytool, fresh for each broker, valid
 * two days; nothing is kept.
 */
public final class ClusterCertificates {

    private final Path caCertificate;
    private final Path brokerKeystore;
    private final String password;

    private ClusterCertificates(Path caCertificate, Path brokerKeystore, String password) {
        this.caCertificate = caCertificate;
        this.brokerKeystore = brokerKeystore;
        this.password = password;
    }

    /** Generates the CA (PEM) and the broker's PKCS#12 keystore (its key, its certificate and the CA) in {@code dir}. */
    public static ClusterCertificates generate(Path dir) {
        try {
            Files.createDirectories(dir);
            byte[] secret = new byte[16];
            new SecureRandom().nextBytes(secret);
            String password = HexFormat.of().formatHex(secret);
            Path ca = dir.resolve("ca.p12");
            Path caPem = dir.resolve("ca.crt");
            Path broker = dir.resolve("broker.p12");
            Path request = dir.resolve("broker.csr");
            Path signed = dir.resolve("broker.crt");
            keytool(dir, "-genkeypair", "-alias", "ca", "-keyalg", "EC", "-groupname", "secp256r1",
                    "-dname", "CN=cluster-ca,O=slotwise-test", "-ext", "bc:c", "-validity", "2",
                    "-keystore", ca.toString(), "-storetype", "PKCS12", "-storepass", password);
            keytool(dir, "-exportcert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-storepass", password,
                    "-file", caPem.toString());
            keytool(dir, "-genkeypair", "-alias", "broker", "-keyalg", "EC", "-groupname", "secp256r1",
                    "-dname", "CN=127.0.0.1,O=slotwise-test", "-validity", "2",
                    "-keystore", broker.toString(), "-storetype", "PKCS12", "-storepass", password);
            keytool(dir, "-certreq", "-alias", "broker", "-keystore", broker.toString(), "-storepass", password,
                    "-file", request.toString());
            keytool(dir, "-gencert", "-rfc", "-alias", "ca", "-keystore", ca.toString(), "-storepass", password,
                    "-infile", request.toString(), "-outfile", signed.toString(), "-validity", "2",
                    "-ext", "san=ip:127.0.0.1,dns:localhost", "-ext", "eku=serverAuth");
            keytool(dir, "-importcert", "-noprompt", "-alias", "ca", "-file", caPem.toString(),
                    "-keystore", broker.toString(), "-storepass", password);
            keytool(dir, "-importcert", "-alias", "broker", "-file", signed.toString(),
                    "-keystore", broker.toString(), "-storepass", password);
            return new ClusterCertificates(caPem, broker, password);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** The CA certificate, PEM: what a client's {@code ssl.truststore.location} (type PEM) names. */
    public Path caCertificate() {
        return caCertificate;
    }

    /** The broker's key and certificate chain, PKCS#12. */
    public Path brokerKeystore() {
        return brokerKeystore;
    }

    public String password() {
        return password;
    }

    private static void keytool(Path dir, String... args) throws IOException {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "keytool").toString());
        command.add("-J-XX:TieredStopAtLevel=1");
        command.addAll(List.of(args));
        Path log = dir.resolve("keytool.log");
        Process keytool = new ProcessBuilder(command).redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())).start();
        try {
            if (!keytool.waitFor(60, TimeUnit.SECONDS) || keytool.exitValue() != 0) {
                keytool.destroyForcibly();
                throw new IllegalStateException("keytool " + args[0] + " failed, see " + log);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            keytool.destroyForcibly();
            throw new IllegalStateException("interrupted while running keytool", e);
        }
    }
}
