package dev.slotwise.webhooks.delivery;

import dev.slotwise.commons.trace.TraceParents;
import io.opentelemetry.api.trace.Span;
import io.opentelemetry.api.trace.SpanKind;
import io.opentelemetry.api.trace.StatusCode;
import io.opentelemetry.api.trace.Tracer;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * One span per delivery attempt, in the trace its delivery belongs to (the event's, from the request that caused it),
 * so that "why did this webhook arrive late" is one trace: request, outbox, Kafka, intake, then every attempt with
 * its outcome. The span names the delivery, the event type and the attempt's number and outcome — never the endpoint's
 * URL (tenants put tokens in them) or the body. The HTTP client itself is not traced: receivers get no trace headers
 * of ours.
 */
@ApplicationScoped
public class AttemptTracing {

    static final String SPAN_NAME = "webhook attempt";

    private final Tracer tracer;

    public AttemptTracing(Tracer tracer) {
        this.tracer = tracer;
    }

    Span start(Due due) {
        return tracer.spanBuilder(SPAN_NAME)
                .setParent(TraceParents.context(due.traceParent()))
                .setSpanKind(SpanKind.CLIENT)
                .setAttribute("slotwise.delivery.id", due.id().toString())
                .setAttribute("slotwise.event.type", due.eventType())
                .setAttribute("slotwise.delivery.attempt", due.attemptCount() + 1L)
                .startSpan();
    }

    void end(Span span, Integer status, String error) {
        if (status != null) {
            span.setAttribute("http.response.status_code", status.longValue());
        }
        if (status == null || status < 200 || status >= 300) {
            span.setStatus(StatusCode.ERROR, status == null ? error : "HTTP " + status);
        }
        span.end();
    }
}
