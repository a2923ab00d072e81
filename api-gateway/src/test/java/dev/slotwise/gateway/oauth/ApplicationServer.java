package dev.slotwise.gateway.oauth;

import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;

/** The marketplace application's own web server on loopback: where the browser lands after consent. */
final class ApplicationServer implements AutoCloseable {

    private final HttpServer server;

    private ApplicationServer(HttpServer server) {
        this.server = server;
    }

    static ApplicationServer start() {
        try {
            HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/callback", exchange -> {
                byte[] page = "<!DOCTYPE html><title>Bookly</title><p>Bookly is connected.</p>"
                        .getBytes(StandardCharsets.UTF_8);
                exchange.getResponseHeaders().add("Content-Type", "text/html; charset=utf-8");
                exchange.sendResponseHeaders(200, page.length);
                exchange.getResponseBody().write(page);
                exchange.close();
            });
            server.start();
            return new ApplicationServer(server);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    String url() {
        return "http://127.0.0.1:" + server.getAddress().getPort() + "/callback";
    }

    @Override
    public void close() {
        server.stop(0);
    }
}
