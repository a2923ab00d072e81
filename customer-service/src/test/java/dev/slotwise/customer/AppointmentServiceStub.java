package dev.slotwise.customer;

import com.sun.net.httpserver.HttpServer;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.util.Base64;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * appointment-service's {@code GET /internal/v1/appointments/{id}} as its contract answers it, for the appointments
 * a test books "in appointment-service" before its event reached this service. (appointment-service's own tests run
 * this service as a real process, so this module cannot run that one: the build would be a cycle. The stack's
 * {@code ReadYourWritesIT} runs both for real.)
 */
public class AppointmentServiceStub implements QuarkusTestResourceLifecycleManager {

    /** appointment id → "tenantId customerId". */
    private static final Map<String, String> BOOKED = new ConcurrentHashMap<>();
    /** customer id → "tenantId", customers with a booked appointment ahead. */
    private static final Map<String, String> UPCOMING = new ConcurrentHashMap<>();
    /** customer ids sealed for erasure (appointment-service's {@code POST /internal/v1/customer-erasures/{id}}). */
    private static final Map<String, String> SEALED = new ConcurrentHashMap<>();
    private HttpServer server;

    public static void bookAhead(String tenantId, String customerId) {
        UPCOMING.put(customerId, tenantId);
    }

    public static void cancelAhead(String customerId) {
        UPCOMING.remove(customerId);
    }

    public static boolean sealed(String tenantId, String customerId) {
        return tenantId.equals(SEALED.get(customerId));
    }

    public static void book(String tenantId, String appointmentId, String customerId) {
        BOOKED.put(appointmentId, tenantId + " " + customerId);
    }

    @Override
    public Map<String, String> start() {
        try {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
        } catch (IOException e) {
            throw new IllegalStateException(e);
        }
        server.createContext("/internal/v1/appointments/", exchange -> {
            String id = exchange.getRequestURI().getPath().substring("/internal/v1/appointments/".length());
            String authorization = String.valueOf(exchange.getRequestHeaders().getFirst("Authorization"));
            String booked = BOOKED.get(id);
            String[] owner = booked == null ? null : booked.split(" ");
            // the caller's internal token names its tenant; another tenant's appointment is 404, as the real one answers
            boolean ofCaller = owner != null && authorization.startsWith("Bearer ")
                    && tenantOf(authorization.substring(7)).equals(owner[0]);
            byte[] body = (ofCaller ? "{\"id\":\"%s\",\"customerId\":\"%s\",\"status\":\"booked\"}".formatted(id, owner[1])
                    : "{\"status\":404,\"code\":\"not_found\"}").getBytes(StandardCharsets.UTF_8);
            exchange.getResponseHeaders().add("Content-Type", ofCaller ? "application/json" : "application/problem+json");
            exchange.sendResponseHeaders(ofCaller ? 200 : 404, body.length);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.createContext("/internal/v1/customer-erasures/", exchange -> {
            String id = exchange.getRequestURI().getPath().substring("/internal/v1/customer-erasures/".length());
            String authorization = String.valueOf(exchange.getRequestHeaders().getFirst("Authorization"));
            String tenant = authorization.startsWith("Bearer ") ? tenantOf(authorization.substring(7)) : "";
            boolean ahead = tenant.equals(UPCOMING.get(id));
            if (!ahead && "POST".equals(exchange.getRequestMethod())) {
                SEALED.put(id, tenant);
            }
            byte[] body = ahead ? "{\"status\":409,\"code\":\"customer_has_upcoming_appointments\"}"
                    .getBytes(StandardCharsets.UTF_8) : new byte[0];
            if (ahead) {
                exchange.getResponseHeaders().add("Content-Type", "application/problem+json");
            }
            exchange.sendResponseHeaders(ahead ? 409 : 204, ahead ? body.length : -1);
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(body);
            }
        });
        server.start();
        return Map.of("quarkus.rest-client.appointment-service.url",
                "http://127.0.0.1:" + server.getAddress().getPort());
    }

    /** The tenant claim of an internal token (its signature is not this stub's business). */
    private static String tenantOf(String jwt) {
        String payload = new String(Base64.getUrlDecoder().decode(jwt.split("\\.")[1]), StandardCharsets.UTF_8);
        Matcher tenant = Pattern.compile("\"tenant_id\"\\s*:\\s*\"([^\"]+)\"").matcher(payload);
        return tenant.find() ? tenant.group(1) : "";
    }

    @Override
    public void stop() {
        if (server != null) {
            server.stop(0);
        }
    }
}
