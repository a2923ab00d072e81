package dev.slotwise.stack;

import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * One scrape of a service's {@code /q/metrics}, in Prometheus's text format (or OpenMetrics, with exemplars that link
 * an observation to its trace), read sample by sample.
 */
record PrometheusScrape(List<Sample> samples) {

    record Sample(String name, Map<String, String> labels, double value) {
    }

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Pattern LINE = Pattern.compile("^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\\{(.*)})? (\\S+)(?: \\d+)?$");
    /** Possessive, so that a long label value is read in a loop, not by recursion (a stack overflow in CI). */
    private static final Pattern LABEL = Pattern.compile("([a-zA-Z_][a-zA-Z0-9_]*)=\"((?:[^\"\\\\]++|\\\\.)*+)\",?");

    static PrometheusScrape of(String metricsUrl) throws IOException, InterruptedException {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create(metricsUrl))
                .timeout(Duration.ofSeconds(10)).build(), HttpResponse.BodyHandlers.ofString());
        if (answer.statusCode() != 200) {
            throw new IllegalStateException(metricsUrl + " answered " + answer.statusCode());
        }
        List<Sample> samples = new ArrayList<>();
        for (String line : answer.body().split("\n")) {
            if (line.isBlank() || line.startsWith("#")) {
                continue;
            }
            // an exemplar (OpenMetrics: the trace of one observation) follows the value; it is no label
            int exemplar = line.indexOf(" # {");
            Matcher sample = LINE.matcher(exemplar < 0 ? line : line.substring(0, exemplar));
            if (!sample.matches()) {
                throw new IllegalStateException("not a Prometheus sample: " + line);
            }
            Map<String, String> labels = new LinkedHashMap<>();
            if (sample.group(2) != null) {
                Matcher label = LABEL.matcher(sample.group(2));
                while (label.find()) {
                    labels.put(label.group(1), label.group(2));
                }
            }
            samples.add(new Sample(sample.group(1), labels, Double.parseDouble(sample.group(3))));
        }
        return new PrometheusScrape(samples);
    }

    /** The sum of every sample of {@code name} whose labels include {@code labels} (0 when there is none). */
    double value(String name, Map<String, String> labels) {
        return samples.stream().filter(s -> s.name().equals(name))
                .filter(s -> s.labels().entrySet().containsAll(labels.entrySet()))
                .mapToDouble(Sample::value).sum();
    }

    double value(String name) {
        return value(name, Map.of());
    }

    boolean has(String name) {
        return samples.stream().anyMatch(s -> s.name().equals(name));
    }
}
