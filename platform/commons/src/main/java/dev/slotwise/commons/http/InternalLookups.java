package dev.slotwise.commons.http;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.WebApplicationException;
import java.util.Optional;

/**
 * Reading another service's resource by id on its {@code /internal/v1} lookups (a REST client call): a 404 there is
 * an answer ("the tenant has no such id"), not a failure, so fault tolerance neither retries nor counts it.
 */
public final class InternalLookups {

    private InternalLookups() {
    }

    public static <T> Uni<Optional<T>> found(Uni<T> lookup) {
        return lookup.map(Optional::of)
                .onFailure(InternalLookups::notFound).recoverWithItem(Optional.empty());
    }

    /** The Authorization header that passes the caller's internal token on. */
    public static String bearer(String token) {
        return "Bearer " + token;
    }

    private static boolean notFound(Throwable failure) {
        return failure instanceof WebApplicationException web && web.getResponse().getStatus() == 404;
    }
}
