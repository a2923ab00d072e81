package dev.slotwise.gateway.proxy;

import io.opentelemetry.context.propagation.TextMapGetter;
import io.opentelemetry.context.propagation.TextMapPropagator;
import io.opentelemetry.context.propagation.TextMapSetter;
import io.quarkus.opentelemetry.runtime.propagation.TextMapPropagatorCustomizer;
import jakarta.inject.Singleton;
import java.util.Collection;

/**
 * The gateway is where traces start: a client's {@code traceparent}, {@code tracestate} and {@code baggage} are not
 * read (issue 34). A client could otherwise force its requests to be sampled and exported whatever the sampling ratio
 * (the {@code sampled} flag of its {@code traceparent}, which the parent-based sampler honours), join them to a trace
 * of its choosing, and have its baggage carried into every service. So every request through the gateway is a new
 * trace whose sampling the gateway decides; what the gateway sends on to the services is its own context, injected
 * as before ({@link UpstreamForwarder} drops the client's trace headers). The services trust the gateway's headers.
 */
@Singleton
public class ClientTraceContextIgnored implements TextMapPropagatorCustomizer {

    @Override
    public TextMapPropagator customize(Context configured) {
        TextMapPropagator propagator = configured.propagator();
        return new TextMapPropagator() {
            @Override
            public Collection<String> fields() {
                return propagator.fields();
            }

            @Override
            public <C> void inject(io.opentelemetry.context.Context context, C carrier, TextMapSetter<C> setter) {
                propagator.inject(context, carrier, setter);
            }

            @Override
            public <C> io.opentelemetry.context.Context extract(io.opentelemetry.context.Context context, C carrier, TextMapGetter<C> getter) {
                return context;
            }
        };
    }
}
