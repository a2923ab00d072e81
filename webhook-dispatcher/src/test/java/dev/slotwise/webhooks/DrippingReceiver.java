package dev.slotwise.webhooks;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.net.Socket;
import java.net.SocketTimeoutException;
import java.nio.charset.StandardCharsets;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;

/**
 * A hostile webhook receiver on loopback: it answers every request one byte a second (its status line, or a huge
 * body after a 200), or floods a body far larger than anyone needs to read. It records each connection's life, so
 * a test can see how long the dispatcher let it hold a connection.
 */
final class DrippingReceiver implements AutoCloseable {

    enum Mode {
        /** {@code HTTP/1.1 200 OK…}, one byte a second: the status never arrives within a timeout. */
        STATUS_LINE,
        /** A 200 with its headers at once, then a 10 MB body one byte a second. */
        SLOW_BODY,
        /** A 200 with a 64 MB body, as fast as the connection takes it. */
        HUGE_BODY
    }

    /** One accepted connection: when, and (once the peer closed it) how long it lived and what was written. */
    static final class Connection {
        final long acceptedNanos = System.nanoTime();
        volatile Duration lifetime;
        volatile long bytesWritten;

        Duration age() {
            return lifetime != null ? lifetime : Duration.ofNanos(System.nanoTime() - acceptedNanos);
        }
    }

    private static final int HUGE = 64 * 1024 * 1024;

    private final ServerSocket server;
    private final Mode mode;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final List<Connection> connections = new CopyOnWriteArrayList<>();

    private DrippingReceiver(Mode mode) throws IOException {
        this.mode = mode;
        this.server = new ServerSocket(0, 50, InetAddress.getLoopbackAddress());
        threads.submit(this::accept);
    }

    static DrippingReceiver start(Mode mode) throws IOException {
        return new DrippingReceiver(mode);
    }

    String url(String path) {
        return "http://127.0.0.1:" + server.getLocalPort() + path;
    }

    List<Connection> connections() {
        return List.copyOf(connections);
    }

    private void accept() {
        while (!server.isClosed()) {
            try {
                Socket socket = server.accept();
                Connection connection = new Connection();
                connections.add(connection);
                threads.submit(() -> serve(socket, connection));
            } catch (IOException closed) {
                return;
            }
        }
    }

    private void serve(Socket socket, Connection connection) {
        try (socket) {
            InputStream in = socket.getInputStream();
            OutputStream out = socket.getOutputStream();
            byte[] head = switch (mode) {
                case STATUS_LINE -> "HTTP/1.1 200 OK\r\nContent-Length: 0\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                case SLOW_BODY -> "HTTP/1.1 200 OK\r\nContent-Length: 10000000\r\n\r\n".getBytes(StandardCharsets.US_ASCII);
                case HUGE_BODY -> ("HTTP/1.1 200 OK\r\nContent-Length: " + HUGE + "\r\n\r\n").getBytes(StandardCharsets.US_ASCII);
            };
            int dripFrom = 0;
            if (mode != Mode.STATUS_LINE) {
                out.write(head);
                dripFrom = head.length;
            }
            if (mode == Mode.HUGE_BODY) {
                byte[] chunk = new byte[64 * 1024];
                for (int written = 0; written < HUGE; written += chunk.length) {
                    out.write(chunk);
                    connection.bytesWritten += chunk.length;
                }
                drainUntilClosed(socket, in);
                return;
            }
            for (int i = dripFrom; ; i++) {
                out.write(i < head.length ? head[i] : 'x');
                out.flush();
                connection.bytesWritten++;
                if (closedByPeerWithin(socket, in, 1_000)) {
                    return;
                }
            }
        } catch (IOException peerGone) {
            // reset by the dispatcher
        } finally {
            connection.lifetime = Duration.ofNanos(System.nanoTime() - connection.acceptedNanos);
        }
    }

    /** Reads (and drops) what the peer sends for that long; {@code true} as soon as the peer closed. */
    private static boolean closedByPeerWithin(Socket socket, InputStream in, long millis) throws IOException {
        long deadline = System.nanoTime() + millis * 1_000_000;
        byte[] sink = new byte[8192];
        for (long left = millis; left > 0; left = (deadline - System.nanoTime()) / 1_000_000) {
            socket.setSoTimeout((int) Math.max(1, left));
            try {
                if (in.read(sink) < 0) {
                    return true;
                }
            } catch (SocketTimeoutException quiet) {
                return false;
            }
        }
        return false;
    }

    private static void drainUntilClosed(Socket socket, InputStream in) throws IOException {
        while (!closedByPeerWithin(socket, in, 1_000)) {
            // keep the connection open until the dispatcher closes it
        }
    }

    @Override
    public void close() throws IOException {
        server.close();
        threads.shutdownNow();
    }
}
