package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.ratelimit.RateLimitDecision;
import dev.slotwise.gateway.ratelimit.TenantRateLimiter;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.Set;
import java.util.function.Function;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Panel actions that make Slotwise send webhooks — a test event, a replay, a recovery — cost what the same API call
 * costs (CONTRACT §6): each is one request of the tenant's hourly quota, counted by the same limiter as the API, and
 * over the quota it is refused with the API's 429 message and does nothing. Otherwise a person (or a script driving
 * the panel with a stolen session) could make the dispatcher send without limit. Reading pages is not metered: the
 * API's reads are, but a person looking at their own panel is not an integration using the API.
 */
@ApplicationScoped
public class MeteredActions {

    private static final Logger LOG = Logger.getLogger(MeteredActions.class);

    /** Over the quota: what the API's 429 says, and when to try again. */
    public record OverQuota(String message, long retryAfterSeconds) {

        static OverQuota of(RateLimitDecision decision) {
            // the same words as the API's 429 rate_limited problem
            return new OverQuota(decision.refusalDetail(), decision.secondsToReset());
        }
    }

    private final TenantRateLimiter quotas;

    public MeteredActions(TenantRateLimiter quotas) {
        this.quotas = quotas;
    }

    /**
     * Counts one request of the session's tenant; runs the action within the quota, else answers the refusal. As for
     * the API, a counter store that cannot be reached does not stop the action.
     */
    public <T> Uni<T> run(PanelSession session, Supplier<Uni<T>> action, Function<OverQuota, Uni<T>> refused) {
        return Uni.createFrom().completionStage(() -> quotas.hit(session.credential(Set.of())).toCompletionStage())
                .onFailure().recoverWithItem(failure -> {
                    LOG.errorf("rate limit store unavailable for a panel action, action admitted: %s", failure.toString());
                    return null;
                })
                .chain(decision -> decision == null || decision.allowed() ? action.get()
                        : refused.apply(OverQuota.of(decision)));
    }
}
