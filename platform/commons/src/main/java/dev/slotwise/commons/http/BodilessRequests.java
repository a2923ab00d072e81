package dev.slotwise.commons.http;

import io.quarkus.vertx.http.runtime.filters.Filters;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;

/**
 * A request without a body has no media type (RFC 9110 §8.3: {@code Content-Type} describes content), whatever
 * {@code Content-Type} a client sent along: many send one with every {@code POST}. Dropping it lets an action that
 * takes no body ({@code send}, {@code complete}…, whose body, if any, must be JSON) be called without one and without
 * a 415 for a header that describes nothing — as the gateway already treats it (it checks the type only of a body).
 */
@ApplicationScoped
public class BodilessRequests {

    void register(@Observes Filters filters) {
        filters.register(context -> {
            HttpServerRequest request = context.request();
            if (hasNoBody(request)) {
                request.headers().remove(HttpHeaders.CONTENT_TYPE);
            }
            context.next();
        }, RequestIdFilter.PRIORITY - 10);
    }

    /** Neither chunked nor of a declared length above 0: HTTP/1.1 frames no body then (RFC 9112 §6.3). */
    static boolean hasNoBody(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        return request.getHeader(HttpHeaders.TRANSFER_ENCODING) == null && (length == null || length.trim().equals("0"));
    }
}
