package dev.slotwise.appointment;

import static org.assertj.core.api.Assertions.assertThat;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpServer;
import dev.slotwise.testing.FreePorts;
import dev.slotwise.testing.ServiceDependenciesTestResource;
import io.quarkus.test.junit.QuarkusTest;
import io.quarkus.test.junit.QuarkusTestProfile;
import io.quarkus.test.junit.TestProfile;
import java.io.IOException;
import java.io.OutputStream;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Executors;
import org.junit.jupiter.api.Test;

/**
 * README's example of overriding a reference check's policy, run as written: with
 * {@code quarkus.fault-tolerance."dev.slotwise.appointment.reference.CatalogDirectory".timeout.value=2} a
 * catalog-staff-service that takes 1.5 s to answer is waited for (the default 1 s would time out every attempt and
 * the booking would be 503).
 */
@QuarkusTest
@TestProfile(FaultToleranceOverrideTest.TwoSecondCatalogTimeout.class)
class FaultToleranceOverrideTest {

    private static final String PORT_PROPERTY = "slotwise.test.slow-catalog-port";
    private static final Duration DELAY = Duration.ofMillis(1500);

    /** The README's setting, and catalog-staff-service reached through a proxy this test starts on a port chosen here. */
    public static class TwoSecondCatalogTimeout implements QuarkusTestProfile {
        @Override
        public Map<String, String> getConfigOverrides() {
            String port = System.getProperty(PORT_PROPERTY, String.valueOf(FreePorts.next()));
            System.setProperty(PORT_PROPERTY, port);
            return Map.of(
                    // the production default back (the test configuration lengthens every timeout), so that only
                    // the README's key can make the booking wait long enough
                    "quarkus.fault-tolerance.global.timeout.value", "1",
                    "quarkus.fault-tolerance.\"dev.slotwise.appointment.reference.CatalogDirectory\".timeout.value", "2",
                    "quarkus.rest-client.catalog-staff-service.url", "http://127.0.0.1:" + port);
        }
    }

    @Test
    void aCatalogSlowerThanTheDefaultButWithinTheOverrideIsWaitedFor() throws Exception {
        Salon salon = new Salon();
        HttpServer slowCatalog = slowProxyTo(ServiceDependenciesTestResource.url("catalog-staff-service"));
        try {
            long started = System.nanoTime();
            int status = salon.desk().body(salon.booking(salon.ada, salon.haircut, "2032-03-01T10:00:00Z"))
                    .post("/api/v1/appointments").statusCode();
            assertThat(status).as("booking through a catalog answering in 1.5 s").isEqualTo(201);
            assertThat(Duration.ofNanos(System.nanoTime() - started)).isGreaterThanOrEqualTo(DELAY);
        } finally {
            slowCatalog.stop(0);
        }
    }

    /** Forwards every request to {@code target} and answers its response {@link #DELAY} late. */
    private static HttpServer slowProxyTo(String target) throws IOException {
        HttpClient client = HttpClient.newHttpClient();
        int port = Integer.parseInt(System.getProperty(PORT_PROPERTY));
        HttpServer server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), port), 16);
        server.setExecutor(Executors.newCachedThreadPool());
        server.createContext("/", exchange -> forward(client, target, exchange));
        server.start();
        return server;
    }

    private static void forward(HttpClient client, String target, HttpExchange exchange) throws IOException {
        try (exchange) {
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
            Thread.sleep(DELAY.toMillis());
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
}
