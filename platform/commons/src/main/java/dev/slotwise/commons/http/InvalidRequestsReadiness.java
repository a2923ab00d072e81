package dev.slotwise.commons.http;

import jakarta.enterprise.context.ApplicationScoped;
import org.eclipse.microprofile.health.HealthCheck;
import org.eclipse.microprofile.health.HealthCheckResponse;
import org.eclipse.microprofile.health.Readiness;

/**
 * Not ready until requests the HTTP layer refuses are answered as problems ({@link InvalidRequests}): between the
 * server listening and that, nothing should be routed to this process.
 */
@Readiness
@ApplicationScoped
public class InvalidRequestsReadiness implements HealthCheck {

    private final InvalidRequests invalidRequests;

    public InvalidRequestsReadiness(InvalidRequests invalidRequests) {
        this.invalidRequests = invalidRequests;
    }

    @Override
    public HealthCheckResponse call() {
        return HealthCheckResponse.named("HTTP refusals as problems").status(invalidRequests.settled()).build();
    }
}
