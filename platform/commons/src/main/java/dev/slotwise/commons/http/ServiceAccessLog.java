package dev.slotwise.commons.http;

import jakarta.ws.rs.Path;
import jakarta.ws.rs.container.ContainerRequestContext;
import jakarta.ws.rs.container.ContainerResponseContext;
import jakarta.ws.rs.container.ResourceInfo;
import java.lang.reflect.Method;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerRequestFilter;
import org.jboss.resteasy.reactive.server.ServerResponseFilter;

/**
 * A service's access line per request (category {@code slotwise.access}, DEBUG: the gateway's line at INFO is the
 * one operators read; a service's shows its internal lookups too when turned on, as the local stack does): method,
 * the resource's template (never the raw path), status and duration. The request and tenant ids are in the logging
 * context of the line.
 */
public class ServiceAccessLog {

    private static final Logger LOG = Logger.getLogger("slotwise.access");
    private static final String STARTED = "slotwise.access.started";
    private static final Map<Method, String> TEMPLATES = new ConcurrentHashMap<>();

    @ServerRequestFilter(preMatching = true)
    public void start(ContainerRequestContext request) {
        if (LOG.isDebugEnabled()) {
            request.setProperty(STARTED, System.nanoTime());
        }
    }

    @ServerResponseFilter
    public void log(ContainerRequestContext request, ContainerResponseContext response, ResourceInfo resource) {
        if (!LOG.isDebugEnabled() || !(request.getProperty(STARTED) instanceof Long started)) {
            return;
        }
        Method method = resource == null ? null : resource.getResourceMethod();
        String template = method == null ? "(no route)" : TEMPLATES.computeIfAbsent(method, ServiceAccessLog::templateOf);
        LOG.debug(line(request.getMethod(), template, response.getStatus(), started).toString());
    }

    /** The access line of a request answered outside the REST layer ({@link PlainReadRoute}), when lines are on. */
    public static void answered(String method, String template, int status, long startedNanos) {
        if (LOG.isDebugEnabled()) {
            LOG.debug(line(method, template, status, startedNanos).toString());
        }
    }

    /**
     * {@code METHOD template status 12.3 ms}: the start of every access line, the gateway's too. Put together by
     * hand rather than with a format string, which would parse its pattern again for every request.
     */
    public static StringBuilder line(String method, String template, int status, long startedNanos) {
        long tenths = (System.nanoTime() - startedNanos) / 100_000;
        return new StringBuilder(96).append(method).append(' ').append(template).append(' ').append(status)
                .append(' ').append(tenths / 10).append('.').append(tenths % 10).append(" ms");
    }

    private static String templateOf(Method method) {
        Path type = method.getDeclaringClass().getAnnotation(Path.class);
        Path own = method.getAnnotation(Path.class);
        String template = (type == null ? "" : type.value()) + (own == null ? "" : "/" + own.value());
        return template.replaceAll("/+", "/");
    }
}
