package dev.slotwise.webhooks.destination;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.WebhooksConfig;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.List;
import java.util.Locale;

/**
 * Where webhooks may go (CONTRACT §8): {@code https} only, never to an address that is loopback, private,
 * link-local (cloud metadata), carrier-grade NAT, unique-local, IPv4-mapped, multicast or otherwise special —
 * unless the operator exempted its range ({@code SLOTWISE_WEBHOOKS_ALLOWED_CIDRS}); plain {@code http} only inside
 * such a range and with {@code SLOTWISE_WEBHOOKS_ALLOW_HTTP}. Resolving a name blocks: call it off the event loop.
 */
@ApplicationScoped
public class DestinationPolicy {

    private static final List<IPAddress> REFUSED = parse(List.of(
            "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
            "192.0.0.0/24", "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
            "224.0.0.0/4", "240.0.0.0/4", "::/128", "::1/128", "::ffff:0:0/96", "64:ff9b::/96", "100::/64",
            "2001:db8::/32", "fc00::/7", "fe80::/10", "ff00::/8"));

    private final List<IPAddress> allowed;
    private final boolean allowHttp;

    public DestinationPolicy(WebhooksConfig config) {
        this.allowed = parse(config.allowedCidrs().orElse(List.of()).stream().filter(s -> !s.isBlank()).toList());
        this.allowHttp = config.allowHttp();
    }

    /** The URL, checked; 422 {@code validation_failed} on field {@code url} otherwise. */
    public URI check(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw refused("must be an absolute https URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        if (uri.getHost() == null || uri.getUserInfo() != null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw refused("must be an absolute https URL without credentials");
        }
        InetAddress[] addresses;
        try {
            addresses = InetAddress.getAllByName(uri.getHost());
        } catch (UnknownHostException e) {
            throw refused("has a host name that does not resolve");
        }
        boolean allInsideAllowed = true;
        for (InetAddress address : addresses) {
            IPAddress ip = new IPAddressString(address.getHostAddress()).getAddress();
            boolean exempt = allowed.stream().anyMatch(range -> range.contains(ip));
            allInsideAllowed &= exempt;
            if (!exempt && REFUSED.stream().anyMatch(range -> range.contains(ip))) {
                throw refused("must not point to a private, loopback, link-local or otherwise internal address");
            }
        }
        if (scheme.equals("http") && !(allowHttp && allInsideAllowed)) {
            throw refused("must use https");
        }
        return uri;
    }

    private static ApiException refused(String message) {
        return ApiException.invalid("url", message);
    }

    private static List<IPAddress> parse(List<String> ranges) {
        return ranges.stream().map(range -> new IPAddressString(range.trim()).getAddress()).toList();
    }
}
