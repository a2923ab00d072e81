package dev.slotwise.commons.trace;

import io.opentelemetry.api.OpenTelemetry;
import io.quarkus.opentelemetry.runtime.tracing.instrumentation.InstrumentationRecorder;
import io.quarkus.opentelemetry.runtime.tracing.instrumentation.vertx.OpenTelemetryVertxTracingFactory;
import io.quarkus.runtime.StartupEvent;
import io.vertx.core.spi.tracing.VertxTracer;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.Optional;
import org.eclipse.microprofile.config.inject.ConfigProperty;
import org.jboss.logging.Logger;

/**
 * Puts {@link UnsampledSpans} in front of Quarkus's Vert.x tracer at start (decision 0112), when the sampler is
 * parent based (the chassis configures {@code parentbased_traceidratio}): only then is a dropped parent's decision
 * known before the sampler runs. With any other sampler, or tracing off, Quarkus's tracer stays alone.
 */
@ApplicationScoped
public class UnsampledTracing {

    private static final Logger LOG = Logger.getLogger(UnsampledTracing.class);
    private static final String PARENT_BASED = "parentbased_";

    private final OpenTelemetry openTelemetry;
    private final String sampler;
    private final Optional<String> samplerArgument;

    public UnsampledTracing(OpenTelemetry openTelemetry,
            @ConfigProperty(name = "quarkus.otel.traces.sampler", defaultValue = "parentbased_always_on") String sampler,
            @ConfigProperty(name = "quarkus.otel.traces.sampler.arg") Optional<String> samplerArgument) {
        this.openTelemetry = openTelemetry;
        this.sampler = sampler;
        this.samplerArgument = samplerArgument;
    }

    @SuppressWarnings("unchecked")
    void install(@Observes StartupEvent started) {
        OpenTelemetryVertxTracingFactory.VertxDelegator delegator = InstrumentationRecorder.FACTORY.getVertxTracerDelegator();
        VertxTracer<?, ?> traced = delegator.getDelegate();
        if (traced == null || traced instanceof UnsampledSpans || !sampler.startsWith(PARENT_BASED)) {
            return;
        }
        boolean rootsNeverSampled = rootsNeverSampled(sampler, samplerArgument);
        delegator.setDelegate(new UnsampledSpans((VertxTracer<Object, Object>) traced,
                openTelemetry.getPropagators().getTextMapPropagator(), rootsNeverSampled));
        LOG.debugf("spans the %s sampler drops skip the instrumentation (new traces too: %s)", sampler, rootsNeverSampled);
    }

    /** True when the root sampler can never say yes: always off, or a trace-id ratio of 0 or less. */
    static boolean rootsNeverSampled(String sampler, Optional<String> argument) {
        String root = sampler.substring(PARENT_BASED.length());
        if (root.equals("always_off")) {
            return true;
        }
        if (!root.equals("traceidratio")) {
            return false;
        }
        try {
            return Double.parseDouble(argument.orElse("1.0").trim()) <= 0;
        } catch (NumberFormatException unreadable) {
            return false;
        }
    }
}
