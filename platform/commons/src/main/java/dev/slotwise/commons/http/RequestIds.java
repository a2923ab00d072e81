package dev.slotwise.commons.http;

import io.vertx.core.http.HttpServerRequest;
import java.util.UUID;
import java.util.regex.Pattern;

/** The request id: the client's {@code X-Request-Id} when it is a sane token, a fresh UUID otherwise. */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:\\-]{1,128}");

    private RequestIds() {
    }

    public static String accept(String offered) {
        return offered != null && SANE.matcher(offered).matches() ? offered : UUID.randomUUID().toString();
    }

    /** The id {@link RequestIdFilter} settled for this request. */
    public static String of(HttpServerRequest request) {
        return request == null ? null : request.getHeader(HEADER);
    }
}
