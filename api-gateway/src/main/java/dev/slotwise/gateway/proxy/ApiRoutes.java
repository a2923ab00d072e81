package dev.slotwise.gateway.proxy;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import dev.slotwise.gateway.credential.Scopes;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * The gateway's routes, read from the API description: every operation under {@code /api/} becomes a route with its
 * path, method, the scope its {@code x-slotwise-scope} names (also in its {@code security}) and the service its path's
 * {@code x-slotwise-service} names. A route without a known scope or an owner stops the gateway from starting.
 */
final class ApiRoutes {

    private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");

    private ApiRoutes() {
    }

    static List<Route> of(byte[] description) {
        JsonNode paths;
        try {
            paths = new YAMLMapper().readTree(description).path("paths");
        } catch (IOException e) {
            throw new UncheckedIOException("the API description cannot be read", e);
        }
        List<Route> routes = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> entries = paths.fields(); entries.hasNext(); ) {
            Map.Entry<String, JsonNode> path = entries.next();
            if (!path.getKey().startsWith("/api/")) {
                continue;
            }
            String service = path.getValue().path("x-slotwise-service").asText("");
            for (String method : METHODS) {
                JsonNode operation = path.getValue().get(method);
                if (operation == null) {
                    continue;
                }
                String scope = operation.path("x-slotwise-scope").asText("");
                if (!Scopes.known(scope) || service.isEmpty()) {
                    throw new IllegalStateException("the API description's " + method.toUpperCase(Locale.ROOT) + " "
                            + path.getKey() + " names no known scope (x-slotwise-scope) or no owning service "
                            + "(x-slotwise-service)");
                }
                routes.add(new Route(method.toUpperCase(Locale.ROOT), path.getKey(), scope, service));
            }
        }
        return List.copyOf(routes);
    }
}
