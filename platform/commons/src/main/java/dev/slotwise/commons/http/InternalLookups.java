package dev.slotwise.commons.http;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.WebApplicationException;
import java.util.Optional;
import java.util.function.Supplier;
import org.jboss.logging.Logger;

/**
 * Reading another service's resource by id on its {@code /internal/v1} lookups (a REST client call): a 404 there is
 * an answer ("the tenant has no such id"), not a failure, so fault tolerance neither retries nor counts it.
 */
public final class InternalLookups {

    private static final Logger LOG = Logger.getLogger(InternalLookups.class);

    private InternalLookups() {
    }

    public static <T> Uni<Optional<T>> found(Uni<T> lookup) {
        return lookup.map(Optional::of)
                .onFailure(InternalLookups::notFound).recoverWithItem(Optional.empty());
    }

    /**
     * A lookup whose owning service did not answer (down, too slow, circuit open) as the client's 503
     * {@code upstream_unavailable}; the cause is logged, never shown.
     */
    public static <T> Uni<T> guarded(String dependency, Uni<T> lookup) {
        return lookup.onFailure().transform(failure -> {
            LOG.warnf("%s unavailable: %s", dependency, failure.toString());
            return ApiException.upstreamUnavailable(dependency + " is unavailable; try again shortly");
        });
    }

    /**
     * {@link #guarded} for a lookup by id, made only when {@code id} has the shape of an id with {@code prefix}
     * ({@code cus}, {@code svc}, …): any other value answers {@code absent} at once. A client's malformed id (a
     * 100 kB string, a NUL) never becomes a URL, so it can neither fail a call nor count toward a circuit breaker
     * that every tenant shares.
     */
    public static <T> Uni<T> guardedById(String dependency, String prefix, String id, T absent, Supplier<Uni<T>> lookup) {
        if (!Ids.looksLike(prefix, id)) {
            return Uni.createFrom().item(absent);
        }
        return guarded(dependency, lookup.get());
    }

    /** The Authorization header that passes the caller's internal token on. */
    public static String bearer(String token) {
        return "Bearer " + token;
    }

    private static boolean notFound(Throwable failure) {
        return failure instanceof WebApplicationException web && web.getResponse().getStatus() == 404;
    }
}
