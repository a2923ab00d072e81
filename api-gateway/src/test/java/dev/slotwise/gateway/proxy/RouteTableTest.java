package dev.slotwise.gateway.proxy;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.charset.StandardCharsets;
import org.junit.jupiter.api.Test;

class RouteTableTest {

    @Test
    void everyRouteIsFoundByAPathOfItsPattern() {
        for (Route route : RouteTable.ROUTES) {
            String path = route.pattern().replaceAll("\\{[^/]+}", "x_1");
            RouteTable.Match match = RouteTable.match(route.method(), path);
            assertThat(match.route()).as(route.method() + " " + path).contains(route);
        }
    }

    @Test
    void aKnownPathWithAnotherMethodListsTheMethodsItAllows() {
        RouteTable.Match match = RouteTable.match("PUT", "/api/v1/customers/cus_1");
        assertThat(match.route()).isEmpty();
        assertThat(match.allowedMethods()).containsExactly("DELETE", "GET", "PATCH");
        assertThat(RouteTable.match("PUT", "/api/webhook-endpoints/we_1").allowedMethods())
                .containsExactly("DELETE", "GET", "PATCH");
        assertThat(RouteTable.match("GET", "/api/webhook-endpoints/we_1/recover").allowedMethods())
                .containsExactly("POST");
    }

    @Test
    void anUnknownPathAllowsNothing() {
        for (String path : new String[] {"/api/v1/customer", "/api/v1/customers/cus_1/notes", "/api/v2/customers",
                "/api", "/api/v1"}) {
            RouteTable.Match match = RouteTable.match("GET", path);
            assertThat(match.route()).as(path).isEmpty();
            assertThat(match.allowedMethods()).as(path).isEmpty();
        }
    }

    @Test
    void subResourcesGoToTheirOwnRoute() {
        assertThat(RouteTable.match("POST", "/api/v1/appointments/apt_1/cancel").route().orElseThrow().scope())
                .isEqualTo("appointments.write");
        assertThat(RouteTable.match("GET", "/api/webhook-endpoints/we_1/deliveries/dlv_1").route().orElseThrow()
                .service()).isEqualTo("webhooks");
    }

    /** The table is the API description's: every operation under /api/, nothing else. */
    @Test
    void theRoutesAreTheDescriptionsOperations() {
        assertThat(RouteTable.ROUTES).hasSize(81);
        assertThat(RouteTable.ROUTES).contains(new Route("POST", "/api/webhook-endpoints/{id}/recover", "webhooks.write",
                "webhooks"), new Route("PATCH", "/api/v1/customers/{id}", "customers.write", "customer"),
                new Route("PUT", "/api/v1/staff/{id}/working-hours", "staff.write", "catalog"),
                new Route("PUT", "/api/v1/booking-policy", "settings.write", "catalog"),
                new Route("POST", "/api/v1/appointments/{id}/no-show", "appointments.write", "appointment"),
                new Route("PUT", "/api/v1/notification-settings", "settings.write", "notification"),
                new Route("DELETE", "/api/v1/customers/{id}", "customers.write", "customer"));
        assertThat(RouteTable.ROUTES).noneMatch(route -> route.pattern().startsWith("/oauth"));
    }

    @Test
    void aDescriptionWithoutAScopeOrOwnerStopsTheGateway() {
        byte[] broken = """
                openapi: 3.1.0
                paths:
                  /api/v1/things:
                    get:
                      x-slotwise-scope: things.read
                """.getBytes(StandardCharsets.UTF_8);
        assertThatThrownBy(() -> ApiRoutes.of(broken))
                .isInstanceOf(IllegalStateException.class).hasMessageContaining("GET /api/v1/things");
    }
}
