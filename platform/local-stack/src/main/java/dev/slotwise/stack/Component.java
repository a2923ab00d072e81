package dev.slotwise.stack;

import com.fasterxml.jackson.annotation.JsonInclude;
import dev.slotwise.testing.QuarkusAppProcess;

/**
 * One running part of the stack, as stack.json lists it. A service's {@code metricsUrl} is its Prometheus endpoint on
 * its management port (health is beside it, under {@code /q/health}); PostgreSQL and Kafka have none. The local mail
 * catcher ({@code mail}, CONTRACT §18) has its SMTP port ({@code smtpPort}) and the URL of its {@code GET /messages}
 * ({@code apiUrl}).
 */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Component(String name, String url, int port, long pid, String metricsUrl, Integer smtpPort,
        String apiUrl) {

    /** A component without a mail catcher's fields ({@code smtpPort}, {@code apiUrl}: only {@code mail} has them). */
    Component(String name, String url, int port, long pid, String metricsUrl) {
        this(name, url, port, pid, metricsUrl, null, null);
    }

    static Component service(QuarkusAppProcess service) {
        return new Component(service.name(), service.url(), service.port(), service.pid(), service.metricsUrl());
    }

    /** The management interface's base URL, or {@code null} for PostgreSQL and Kafka. */
    public String managementUrl() {
        return metricsUrl == null ? null : metricsUrl.substring(0, metricsUrl.length() - "/q/metrics".length());
    }
}
