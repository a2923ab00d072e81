package dev.slotwise.notification;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.testing.FreePorts;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.Map;
import java.util.concurrent.atomic.AtomicInteger;

/**
 * The two services this one reads names from, as contract stubs on loopback: the gateway's minting of service
 * tokens ({@code POST /internal/v1/service-tokens}, which checks the service's secret) and catalog-staff-service's
 * service, staff and booking-policy reads (which check that the minted token is used).
 */
public final class DirectoryStub implements QuarkusTestResourceLifecycleManager {

    public static final String BUSINESS = "Salon Nova";
    public static final String SERVICE_ID = Ids.next("svc");
    public static final String SERVICE_NAME = "Haircut";
    /** A second service, for visits of several (CONTRACT §16). */
    public static final String COLOUR_ID = Ids.next("svc");
    public static final String COLOUR_NAME = "Colour";
    public static final String STAFF_ID = Ids.next("stf");
    public static final String POLICY = "Cancel up to 24 hours before at no charge.";
    private static final String TOKEN = "minted-service-token";
    public static final AtomicInteger MINTED = new AtomicInteger();

    private HttpServer server;

    @Override
    public Map<String, String> start() {
        int port = FreePorts.next();
        try {
            server = HttpServer.create(new InetSocketAddress("127.0.0.1", port), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/v1/service-tokens", exchange -> {
            if (!"Bearer test-notification-secret".equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                answer(exchange, 401, "{}");
                return;
            }
            MINTED.incrementAndGet();
            answer(exchange, 200, "{\"token\":\"" + TOKEN + "\",\"expiresAt\":" + (Instant.now().getEpochSecond() + 300)
                    + ",\"tenantName\":\"" + BUSINESS + "\"}");
        });
        server.createContext("/api/v1/", exchange -> {
            if (!("Bearer " + TOKEN).equals(exchange.getRequestHeaders().getFirst("Authorization"))) {
                answer(exchange, 401, "{}");
                return;
            }
            String path = exchange.getRequestURI().getPath();
            if (path.equals("/api/v1/services/" + SERVICE_ID)) {
                answer(exchange, 200, "{\"id\":\"" + SERVICE_ID + "\",\"name\":\"" + SERVICE_NAME + "\"}");
            } else if (path.equals("/api/v1/services/" + COLOUR_ID)) {
                answer(exchange, 200, "{\"id\":\"" + COLOUR_ID + "\",\"name\":\"" + COLOUR_NAME + "\"}");
            } else if (path.equals("/api/v1/staff/" + STAFF_ID)) {
                answer(exchange, 200, "{\"id\":\"" + STAFF_ID + "\",\"name\":\"Mia\"}");
            } else if (path.equals("/api/v1/booking-policy")) {
                answer(exchange, 200, "{\"policyText\":\"" + POLICY + "\"}");
            } else {
                answer(exchange, 404, "{\"code\":\"not_found\"}");
            }
        });
        server.start();
        String url = "http://127.0.0.1:" + port;
        return Map.of("slotwise.notifications.gateway-url", url, "slotwise.notifications.catalog-url", url);
    }

    private static void answer(HttpExchange exchange, int status, String body) throws IOException {
        byte[] bytes = body.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().add("Content-Type", "application/json");
        exchange.sendResponseHeaders(status, bytes.length);
        exchange.getResponseBody().write(bytes);
        exchange.close();
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
