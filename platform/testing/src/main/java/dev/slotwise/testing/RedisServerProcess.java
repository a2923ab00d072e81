package dev.slotwise.testing;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

/**
 * A real Redis server for tests, from Debian's {@code redis-server} package (which {@code .ci/run} installs): on a
 * free loopback port, nothing persisted, stopped with the JVM and, through the {@link OrphanReaper}, with its
 * launcher even when that is killed.
 */
public final class RedisServerProcess implements AutoCloseable {

    private static final OrphanReaper REAPER = OrphanReaper.start();

    private final Process process;
    private final int port;

    private RedisServerProcess(Process process, int port) {
        this.process = process;
        this.port = port;
    }

    public static RedisServerProcess start() {
        return start(FreePorts.next());
    }

    /** Starts a server on this port: again on the port of one that was stopped, as a restarted Redis comes back. */
    public static RedisServerProcess start(int port) {
        String binary = List.of("/usr/bin/redis-server", "/usr/local/bin/redis-server").stream()
                .filter(path -> Files.isExecutable(Path.of(path))).findFirst()
                .orElseThrow(() -> new IllegalStateException(
                        "redis-server is not installed: apt-get install redis-server (.ci/run does)"));
        try {
            Process process = new ProcessBuilder(binary, "--port", String.valueOf(port), "--bind", "127.0.0.1",
                    "--save", "", "--appendonly", "no", "--protected-mode", "yes")
                    .redirectErrorStream(true).redirectOutput(ProcessBuilder.Redirect.DISCARD).start();
            REAPER.guard(process.pid());
            RedisServerProcess server = new RedisServerProcess(process, port);
            Runtime.getRuntime().addShutdownHook(new Thread(server::close, "redis-stop"));
            server.awaitListening(Duration.ofSeconds(10));
            return server;
        } catch (IOException e) {
            throw new UncheckedIOException("redis-server did not start", e);
        }
    }

    private void awaitListening(Duration timeout) {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", port), 200);
                return;
            } catch (IOException notYet) {
                try {
                    Thread.sleep(50);
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    return;
                }
            }
        }
        throw new IllegalStateException("redis-server did not listen on " + port + " within " + timeout);
    }

    public int port() {
        return port;
    }

    public String url() {
        return "redis://127.0.0.1:" + port;
    }

    @Override
    public void close() {
        ChildProcesses.stop(process, Duration.ofSeconds(5));
    }
}
