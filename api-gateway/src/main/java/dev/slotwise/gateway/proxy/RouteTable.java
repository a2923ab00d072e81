package dev.slotwise.gateway.proxy;

import java.util.ArrayList;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;

/**
 * The single source of truth for public routes (CONTRACT §5 and §8): which service owns a path and which scope
 * each method needs. Services check the same scope names again themselves.
 */
public final class RouteTable {

    public static final List<Route> ROUTES = List.of(
            new Route("GET", "/api/v1/customers", "customers.read", "customer"),
            new Route("POST", "/api/v1/customers", "customers.write", "customer"),
            new Route("GET", "/api/v1/customers/{id}", "customers.read", "customer"),
            new Route("PATCH", "/api/v1/customers/{id}", "customers.write", "customer"),
            new Route("GET", "/api/v1/reviews", "reviews.read", "customer"),
            new Route("POST", "/api/v1/reviews", "reviews.write", "customer"),
            new Route("GET", "/api/v1/campaigns", "campaigns.read", "customer"),
            new Route("POST", "/api/v1/campaigns", "campaigns.write", "customer"),
            new Route("GET", "/api/v1/campaigns/{id}", "campaigns.read", "customer"),
            new Route("POST", "/api/v1/campaigns/{id}/send", "campaigns.write", "customer"),
            new Route("GET", "/api/v1/appointments", "appointments.read", "appointment"),
            new Route("POST", "/api/v1/appointments", "appointments.write", "appointment"),
            new Route("GET", "/api/v1/appointments/{id}", "appointments.read", "appointment"),
            new Route("PATCH", "/api/v1/appointments/{id}", "appointments.write", "appointment"),
            new Route("POST", "/api/v1/appointments/{id}/cancel", "appointments.write", "appointment"),
            new Route("POST", "/api/v1/appointments/{id}/complete", "appointments.write", "appointment"),
            new Route("GET", "/api/v1/services", "services.read", "catalog"),
            new Route("POST", "/api/v1/services", "services.write", "catalog"),
            new Route("GET", "/api/v1/services/{id}", "services.read", "catalog"),
            new Route("PATCH", "/api/v1/services/{id}", "services.write", "catalog"),
            new Route("GET", "/api/v1/staff", "staff.read", "catalog"),
            new Route("POST", "/api/v1/staff", "staff.write", "catalog"),
            new Route("GET", "/api/v1/staff/{id}", "staff.read", "catalog"),
            new Route("PATCH", "/api/v1/staff/{id}", "staff.write", "catalog"),
            new Route("POST", "/api/v1/staff/{id}/check-in", "staff.write", "catalog"),
            new Route("POST", "/api/v1/staff/{id}/check-out", "staff.write", "catalog"),
            new Route("GET", "/api/v1/products", "inventory.read", "catalog"),
            new Route("POST", "/api/v1/products", "inventory.write", "catalog"),
            new Route("GET", "/api/v1/products/{id}", "inventory.read", "catalog"),
            new Route("POST", "/api/v1/products/{id}/stock-adjustments", "inventory.write", "catalog"),
            new Route("GET", "/api/v1/transactions", "transactions.read", "pos"),
            new Route("POST", "/api/v1/transactions", "transactions.write", "pos"),
            new Route("GET", "/api/v1/transactions/{id}", "transactions.read", "pos"),
            new Route("POST", "/api/v1/transactions/{id}/refund", "transactions.write", "pos"),
            new Route("GET", "/api/v1/payments", "payments.read", "pos"),
            new Route("GET", "/api/v1/payments/{id}", "payments.read", "pos"),
            new Route("GET", "/api/webhook-endpoints", "webhooks.write", "webhooks"),
            new Route("POST", "/api/webhook-endpoints", "webhooks.write", "webhooks"),
            new Route("GET", "/api/webhook-endpoints/**", "webhooks.write", "webhooks"),
            new Route("POST", "/api/webhook-endpoints/**", "webhooks.write", "webhooks"),
            new Route("PATCH", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"),
            new Route("DELETE", "/api/webhook-endpoints/{id}", "webhooks.write", "webhooks"));

    /** The outcome of matching a request: the route, or which methods the path allows (none: unknown path). */
    public record Match(Optional<Route> route, Set<String> allowedMethods) {
    }

    /** A route with its pattern split once, at class load, not on every request. */
    private record Compiled(Route route, List<String> segments) {
    }

    private static final List<Compiled> COMPILED = ROUTES.stream()
            .map(route -> new Compiled(route, split(route.pattern())))
            .toList();

    private RouteTable() {
    }

    public static Match match(String method, String path) {
        List<String> segments = split(path);
        Set<String> allowed = new TreeSet<>();
        Route found = null;
        for (Compiled compiled : COMPILED) {
            if (matches(compiled.segments(), segments)) {
                Route route = compiled.route();
                allowed.add(route.method());
                if (found == null && route.method().equals(method)) {
                    found = route;
                }
            }
        }
        return new Match(Optional.ofNullable(found), allowed);
    }

    private static List<String> split(String path) {
        List<String> segments = new ArrayList<>();
        for (String segment : path.split("/")) {
            if (!segment.isEmpty()) {
                segments.add(segment);
            }
        }
        return segments;
    }

    private static boolean matches(List<String> pattern, List<String> path) {
        for (int i = 0; i < pattern.size(); i++) {
            String expected = pattern.get(i);
            if (expected.equals("**")) {
                return path.size() > i;
            }
            if (i >= path.size()) {
                return false;
            }
            if (!expected.startsWith("{") && !expected.equals(path.get(i))) {
                return false;
            }
        }
        return pattern.size() == path.size();
    }
}
