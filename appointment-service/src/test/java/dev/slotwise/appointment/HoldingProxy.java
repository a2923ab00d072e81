package dev.slotwise.appointment;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Base64;
import java.util.List;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.function.Function;

/**
 * A real service behind a proxy on loopback that holds each answer as long as a rule says for the request's tenant
 * (read from the internal token's {@code tenant_id}, as any service of the suite would): a dependency that is slow,
 * for everyone or for one tenant's data only.
 */
final class HoldingProxy implements AutoCloseable {

    private static final ObjectMapper JSON = new ObjectMapper();
    private final HttpServer server;
    private final ExecutorService threads = Executors.newCachedThreadPool();
    private final HttpClient client = HttpClient.newHttpClient();

    private HoldingProxy(int port, String target, Function<String, Duration> holdForTenant) throws IOException {
        server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 64);
        server.setExecutor(threads);
        server.createContext("/", exchange -> forward(target, holdForTenant, exchange));
        server.start();
    }

    static HoldingProxy start(int port, String target, Function<String, Duration> holdForTenant) throws IOException {
        return new HoldingProxy(port, target, holdForTenant);
    }

    private void forward(String target, Function<String, Duration> holdForTenant, HttpExchange exchange)
            throws IOException {
        try (exchange) {
            String authorization = exchange.getRequestHeaders().getFirst("Authorization");
            HttpRequest.Builder request = HttpRequest.newBuilder(URI.create(target + exchange.getRequestURI()))
                    .method(exchange.getRequestMethod(),
                            HttpRequest.BodyPublishers.ofByteArray(exchange.getRequestBody().readAllBytes()));
            for (String header : List.of("Authorization", "Accept", "Content-Type", "traceparent")) {
                String value = exchange.getRequestHeaders().getFirst(header);
                if (value != null) {
                    request.header(header, value);
                }
            }
            HttpResponse<byte[]> response = client.send(request.build(), HttpResponse.BodyHandlers.ofByteArray());
            Thread.sleep(holdForTenant.apply(tenantOf(authorization)).toMillis());
            response.headers().firstValue("Content-Type")
                    .ifPresent(type -> exchange.getResponseHeaders().set("Content-Type", type));
            exchange.sendResponseHeaders(response.statusCode(), response.body().length == 0 ? -1 : response.body().length);
            try (OutputStream body = exchange.getResponseBody()) {
                body.write(response.body());
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException("interrupted while forwarding", e);
        }
    }

    /** The {@code tenant_id} claim of a bearer JWT, unverified (the service behind checks it). */
    private static String tenantOf(String authorization) throws IOException {
        if (authorization == null || authorization.split("\\.").length < 2) {
            return "";
        }
        byte[] claims = Base64.getUrlDecoder().decode(authorization.split("\\.")[1]);
        return JSON.readTree(claims).path("tenant_id").asText();
    }

    @Override
    public void close() {
        server.stop(0);
        threads.shutdownNow();
    }
}
