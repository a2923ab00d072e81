package dev.slotwise.appointment.reference;

import io.smallrye.mutiny.Uni;
import jakarta.ws.rs.WebApplicationException;
import java.util.Optional;

/** What the directories share: a 404 of the owning service is an answer ("no such id"), not a failure. */
final class Lookups {

    private Lookups() {
    }

    static <T> Uni<Optional<T>> found(Uni<T> lookup) {
        return lookup.map(Optional::of)
                .onFailure(Lookups::notFound).recoverWithItem(Optional.empty());
    }

    static String bearer(String token) {
        return "Bearer " + token;
    }

    private static boolean notFound(Throwable failure) {
        return failure instanceof WebApplicationException web && web.getResponse().getStatus() == 404;
    }
}
