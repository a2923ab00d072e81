package dev.slotwise.webhooks.destination;

import java.net.InetAddress;
import java.net.URI;

/**
 * A checked webhook URL and the address it was checked at. The connection goes to exactly this address, so a name
 * that resolves elsewhere a moment later (DNS rebinding) cannot redirect the request.
 */
public record Destination(URI uri, String host, int port, boolean https, InetAddress address) {

    /** Path and query as sent in the request line. */
    public String requestTarget() {
        String path = uri.getRawPath() == null || uri.getRawPath().isEmpty() ? "/" : uri.getRawPath();
        return uri.getRawQuery() == null ? path : path + "?" + uri.getRawQuery();
    }
}
