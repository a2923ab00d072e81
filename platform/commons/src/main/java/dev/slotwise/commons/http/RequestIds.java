package dev.slotwise.commons.http;

import io.vertx.core.http.HttpServerRequest;
import java.util.UUID;
import java.util.concurrent.ThreadLocalRandom;
import java.util.regex.Pattern;

/** The request id: the client's {@code X-Request-Id} when it is a sane token, a fresh UUID otherwise. */
public final class RequestIds {

    public static final String HEADER = "X-Request-Id";
    /** The logging context's keys for the request's id and, once known, its tenant. */
    public static final String MDC_KEY = "requestId";
    public static final String TENANT_MDC_KEY = "tenantId";
    private static final Pattern SANE = Pattern.compile("[A-Za-z0-9._:\\-]{1,128}");

    private RequestIds() {
    }

    public static String accept(String offered) {
        return offered != null && SANE.matcher(offered).matches() ? offered : randomUuid();
    }

    /**
     * A version 4 UUID from a per-thread generator. An id correlates logs, it guards nothing, so it does not need
     * {@link UUID#randomUUID()}'s SecureRandom, whose lock every request of a gateway would otherwise queue on.
     */
    static String randomUuid() {
        ThreadLocalRandom random = ThreadLocalRandom.current();
        long high = (random.nextLong() & ~0xF000L) | 0x4000L;
        long low = (random.nextLong() & 0x3FFFFFFFFFFFFFFFL) | 0x8000000000000000L;
        return new UUID(high, low).toString();
    }

    /** The id {@link RequestIdFilter} settled for this request. */
    public static String of(HttpServerRequest request) {
        return request == null ? null : request.getHeader(HEADER);
    }
}
