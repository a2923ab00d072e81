package dev.slotwise.testing;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.net.Socket;
import java.net.SocketException;
import java.net.SocketTimeoutException;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;

/** Bytes on a socket, for requests no HTTP client would send: malformed ones and request-smuggling probes. */
public final class RawHttp {

    private RawHttp() {
    }

    /** What came back, and whether the server closed the connection (rather than falling quiet). */
    public record Answer(String text, boolean closedByServer) {
    }

    /**
     * Waits until the server reports ready ({@code GET /q/health/ready} answers 200): what a process promises about
     * every request, including those the HTTP layer refuses, it promises from then on (nothing routes to it before).
     */
    public static void awaitReady(URL server, Duration atMost) throws IOException {
        long deadline = System.nanoTime() + atMost.toNanos();
        String last = "";
        while (System.nanoTime() < deadline) {
            last = exchange(server, "GET /q/health/ready HTTP/1.1\r\nHost: " + server.getHost()
                    + "\r\nConnection: close\r\n\r\n", Duration.ofSeconds(2)).text();
            if (last.startsWith("HTTP/1.1 200 ")) {
                return;
            }
            sleep(Duration.ofMillis(20));
        }
        throw new AssertionError("not ready within " + atMost + ": " + last);
    }

    /**
     * Sends {@code raw} on a connection of its own and answers what came back until the server closed it or was
     * quiet for {@code quiet}.
     */
    public static Answer exchange(URL server, String raw, Duration quiet) throws IOException {
        return exchange(server, List.of(raw), Duration.ZERO, quiet);
    }

    /**
     * Sends {@code parts} one after the other with {@code pause} between them (a request whose body follows its
     * head later, as over a slow network), then answers as {@link #exchange(URL, String, Duration)} does.
     */
    public static Answer exchange(URL server, List<String> parts, Duration pause, Duration quiet) throws IOException {
        try (Socket socket = new Socket(server.getHost(), server.getPort())) {
            socket.setSoTimeout((int) quiet.toMillis());
            for (int i = 0; i < parts.size(); i++) {
                if (i > 0) {
                    sleep(pause);
                }
                socket.getOutputStream().write(parts.get(i).getBytes(StandardCharsets.ISO_8859_1));
                socket.getOutputStream().flush();
            }
            InputStream in = socket.getInputStream();
            ByteArrayOutputStream read = new ByteArrayOutputStream();
            byte[] buffer = new byte[8192];
            boolean closed = false;
            try {
                for (int n; !closed; ) {
                    n = in.read(buffer);
                    if (n < 0) {
                        closed = true;
                    } else {
                        read.write(buffer, 0, n);
                    }
                }
            } catch (SocketTimeoutException e) {
                // quiet: the connection is still open
            } catch (SocketException e) {
                closed = true; // reset
            }
            return new Answer(read.toString(StandardCharsets.ISO_8859_1), closed);
        }
    }

    private static void sleep(Duration pause) throws IOException {
        try {
            Thread.sleep(pause.toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted", e);
        }
    }
}
