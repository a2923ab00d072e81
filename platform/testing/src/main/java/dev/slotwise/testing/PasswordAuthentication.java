package dev.slotwise.testing;

import io.zonky.test.db.postgres.util.LinuxUtils;
import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * Makes a PostgreSQL data directory (initialised by zonky with {@code trust} for everyone) require a password for
 * every connection, before the server first starts: the role's password is set in single-user mode (read from
 * standard input, never on a command line) and {@code pg_hba.conf} is replaced by SCRAM rules for loopback TCP only.
 * Runs once per data directory; later starts find the marker line and change nothing.
 */
final class PasswordAuthentication {

    static final String MARKER = "# slotwise: every connection needs the password";
    private static final String RULES = MARKER + """

            # TYPE  DATABASE  USER  ADDRESS        METHOD
            host    all       all   127.0.0.1/32   scram-sha-256
            host    all       all   ::1/128        scram-sha-256
            """;

    private PasswordAuthentication() {
    }

    static void require(Path dataDirectory, Path binaries, String password) {
        Path rules = dataDirectory.resolve("pg_hba.conf");
        try {
            if (Files.readString(rules).contains(MARKER)) {
                return;
            }
            setPassword(postgresBinary(binaries), dataDirectory, password);
            Files.writeString(rules, RULES);
        } catch (IOException e) {
            throw new UncheckedIOException("could not protect the PostgreSQL data directory with a password", e);
        }
    }

    private static void setPassword(Path postgres, Path dataDirectory, String password) throws IOException {
        List<String> command = new ArrayList<>();
        if (LinuxUtils.isUnshareAvailable()) {
            // as root, PostgreSQL runs only in a user namespace, as zonky runs it (unshare -U)
            command.addAll(List.of("unshare", "-U"));
        }
        command.addAll(List.of(postgres.toString(), "--single", "-D", dataDirectory.toString(), "postgres"));
        Process single = new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                .start();
        try (OutputStream input = single.getOutputStream()) {
            input.write(("ALTER ROLE postgres PASSWORD '" + password.replace("'", "''") + "';\n")
                    .getBytes(StandardCharsets.UTF_8));
        }
        try {
            if (!single.waitFor(60, TimeUnit.SECONDS) || single.exitValue() != 0) {
                single.destroyForcibly();
                throw new IOException("postgres --single could not set the password");
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(e);
        }
    }

    private static Path postgresBinary(Path binaries) throws IOException {
        try (Stream<Path> files = Files.walk(binaries)) {
            return files.filter(path -> path.endsWith(Path.of("bin", "postgres")) && Files.isExecutable(path))
                    .findFirst().orElseThrow(() -> new IOException("no postgres binary under " + binaries));
        }
    }
}
