package dev.slotwise.commons.trace;

import io.opentelemetry.api.trace.propagation.W3CTraceContextPropagator;
import io.opentelemetry.context.Context;
import io.opentelemetry.context.propagation.TextMapGetter;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * A trace context kept with work that continues later, elsewhere: an outbox row, a delivery. Stored as a W3C
 * {@code traceparent} ({@code 00-<trace id>-<span id>-<flags>}), which says nothing but where in which trace the work
 * began — no personal data —, and read back as the parent of the spans that carry the work on.
 */
public final class TraceParents {

    private static final String TRACEPARENT = "traceparent";
    private static final TextMapGetter<String> ONE_VALUE = new TextMapGetter<>() {
        @Override
        public Iterable<String> keys(String carrier) {
            return List.of(TRACEPARENT);
        }

        @Override
        public String get(String carrier, String key) {
            return TRACEPARENT.equals(key) ? carrier : null;
        }
    };

    private TraceParents() {
    }

    /** The current span's {@code traceparent}, or {@code null} outside any trace. */
    public static String current() {
        return of(Context.current());
    }

    /** The {@code traceparent} of the span in this context, or {@code null} when it holds none. */
    public static String of(Context context) {
        Map<String, String> carrier = new HashMap<>(2);
        W3CTraceContextPropagator.getInstance().inject(context, carrier, Map::put);
        return carrier.get(TRACEPARENT);
    }

    /** The context a stored {@code traceparent} names; the root context (a new trace) when there is none. */
    public static Context context(String traceparent) {
        if (traceparent == null || traceparent.isEmpty()) {
            return Context.root();
        }
        return W3CTraceContextPropagator.getInstance().extract(Context.root(), traceparent, ONE_VALUE);
    }
}
