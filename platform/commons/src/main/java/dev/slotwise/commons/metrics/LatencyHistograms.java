package dev.slotwise.commons.metrics;

import io.micrometer.core.instrument.Meter;
import io.micrometer.core.instrument.config.MeterFilter;
import io.micrometer.core.instrument.distribution.DistributionStatisticConfig;
import jakarta.enterprise.inject.Produces;
import jakarta.inject.Singleton;
import java.time.Duration;
import java.util.Map;

/**
 * Histogram buckets for the latencies an operator graphs and alerts on, so that Prometheus can compute quantiles
 * across replicas ({@code histogram_quantile}). Few, fixed buckets per timer, chosen for what each one measures:
 * HTTP answers in milliseconds to seconds, webhook deliveries (event created → delivered) in seconds to a day, as
 * the retry schedule spreads them. Every other timer keeps only count, sum and max.
 */
@Singleton
public class LatencyHistograms {

    static final Map<String, double[]> BUCKETS = Map.of(
            "http.server.requests", seconds(0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
            "slotwise.webhook.delivery.latency", seconds(0.1, 0.5, 1, 5, 30, 60, 300, 900, 3600, 21600, 86400));

    @Produces
    @Singleton
    MeterFilter latencyBuckets() {
        return new MeterFilter() {
            @Override
            public DistributionStatisticConfig configure(Meter.Id id, DistributionStatisticConfig config) {
                double[] buckets = id.getType() == Meter.Type.TIMER ? BUCKETS.get(id.getName()) : null;
                return buckets == null ? config
                        : DistributionStatisticConfig.builder().serviceLevelObjectives(buckets).build().merge(config);
            }
        };
    }

    /** Timer buckets are given in nanoseconds. */
    private static double[] seconds(double... seconds) {
        double[] nanos = new double[seconds.length];
        for (int i = 0; i < seconds.length; i++) {
            nanos[i] = Duration.ofMillis(Math.round(seconds[i] * 1000)).toNanos();
        }
        return nanos;
    }
}
