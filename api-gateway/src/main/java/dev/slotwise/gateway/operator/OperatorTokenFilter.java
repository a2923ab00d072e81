package dev.slotwise.gateway.operator;

import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.ProblemResponses;
import dev.slotwise.gateway.GatewayConfig;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.core.Response;
import java.nio.charset.StandardCharsets;
import java.security.MessageDigest;
import java.util.List;
import java.util.Map;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;

/**
 * Guards {@code /admin/v1}: only {@code Authorization: Bearer <SLOTWISE_ADMIN_TOKEN>} passes, compared in constant
 * time. Tenant credentials never open it.
 */
public class OperatorTokenFilter {

    private final byte[] expected;

    public OperatorTokenFilter(GatewayConfig config) {
        this.expected = ("Bearer " + config.adminToken()).getBytes(StandardCharsets.UTF_8);
    }

    @ServerRequestFilter(preMatching = true)
    public Response check(ContainerRequestContext request, HttpServerRequest http) {
        if (!request.getUriInfo().getPath().startsWith("/admin/")) {
            return null;
        }
        String offered = request.getHeaderString("Authorization");
        if (offered != null && MessageDigest.isEqual(expected, offered.getBytes(StandardCharsets.UTF_8))) {
            return null;
        }
        return ProblemResponses.response(new ApiException(401, "unauthenticated", "the operator token is required",
                List.of(), Map.of("WWW-Authenticate", "Bearer")), RequestIds.of(http));
    }
}
