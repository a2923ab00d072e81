package dev.slotwise.commons.trace;

import io.opentelemetry.api.common.AttributeKey;
import io.opentelemetry.context.Context;
import io.opentelemetry.sdk.trace.ReadWriteSpan;
import io.opentelemetry.sdk.trace.ReadableSpan;
import io.opentelemetry.sdk.trace.SpanProcessor;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;

/**
 * Keeps personal data out of span attributes: a query string (a customer search by e-mail or phone) and the client's
 * address are overwritten before any exporter sees the span. Paths stay: they hold ids, not personal data. Bodies,
 * headers and SQL parameters are never recorded in the first place (SQL spans carry the statement with {@code $n}).
 */
@ApplicationScoped
public class SpanRedaction implements SpanProcessor {

    static final String REDACTED = "redacted";
    private static final AttributeKey<String> QUERY = AttributeKey.stringKey("url.query");
    private static final AttributeKey<String> FULL_URL = AttributeKey.stringKey("url.full");
    private static final List<AttributeKey<String>> ADDRESSES = List.of(AttributeKey.stringKey("client.address"),
            AttributeKey.stringKey("network.peer.address"), AttributeKey.stringKey("http.client_ip"));

    @Override
    public void onStart(Context parentContext, ReadWriteSpan span) {
        if (span.getAttribute(QUERY) != null) {
            span.setAttribute(QUERY, REDACTED);
        }
        String full = span.getAttribute(FULL_URL);
        if (full != null && full.indexOf('?') >= 0) {
            span.setAttribute(FULL_URL, full.substring(0, full.indexOf('?')) + "?" + REDACTED);
        }
        for (AttributeKey<String> address : ADDRESSES) {
            if (span.getAttribute(address) != null) {
                span.setAttribute(address, REDACTED);
            }
        }
    }

    @Override
    public boolean isStartRequired() {
        return true;
    }

    @Override
    public void onEnd(ReadableSpan span) {
        // nothing: attributes are settled at the start
    }

    @Override
    public boolean isEndRequired() {
        return false;
    }
}
