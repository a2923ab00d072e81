package dev.slotwise.webhooks.destination;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.WebhooksConfig;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.IPAddressStringParameters;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Where webhooks may go (CONTRACT §8): {@code https} only, never to an address that is loopback, private,
 * link-local (cloud metadata), carrier-grade NAT, unique-local, IPv4-mapped, multicast or otherwise special —
 * unless the operator exempted its range ({@code SLOTWISE_WEBHOOKS_ALLOWED_CIDRS}); plain {@code http} only inside
 * such a range and with {@code SLOTWISE_WEBHOOKS_ALLOW_HTTP}. Checked when an endpoint is registered and again
 * before every attempt, which then connects to the address that passed ({@link Destination}).
 *
 * <p>Numeric hosts are read the way {@code inet_aton} (and so curl and browsers) reads them: {@code 2130706433},
 * {@code 0177.0.0.1}, {@code 0x7f.1} and {@code 127.1} are all 127.0.0.1. Resolving a name blocks: call this off
 * the event loop.
 */
@ApplicationScoped
public class DestinationPolicy {

    private static final List<IPAddress> REFUSED = parse(List.of(
            "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
            "192.0.0.0/24", "192.0.2.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24", "203.0.113.0/24",
            "224.0.0.0/4", "240.0.0.0/4", "::/128", "::1/128", "::ffff:0:0/96", "64:ff9b::/96", "100::/64",
            "2001:db8::/32", "fc00::/7", "fe80::/10", "ff00::/8"));
    private static final IPAddressStringParameters LITERAL = new IPAddressStringParameters.Builder()
            .allowEmpty(false).allowAll(false).allowPrefix(false).allowMask(false).allowPrefixOnly(false)
            .allowWildcardedSeparator(false).allow_inet_aton(true).allowSingleSegment(true).toParams();

    private final List<IPAddress> allowed;
    private final boolean allowHttp;
    private final HostResolver resolver;

    public DestinationPolicy(WebhooksConfig config, HostResolver resolver) {
        this.allowed = parse(config.allowedCidrs().orElse(List.of()).stream().filter(s -> !s.isBlank()).toList());
        this.allowHttp = config.allowHttp();
        this.resolver = resolver;
    }

    /** At registration: the URL, checked; 422 {@code validation_failed} on field {@code url} otherwise. */
    public URI check(String url) {
        try {
            return pin(url).uri();
        } catch (DestinationRefused refused) {
            throw ApiException.invalid("url", refused.getMessage());
        }
    }

    /** Resolves the URL's host now, checks every address, and names the one to connect to. */
    public Destination pin(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            throw new DestinationRefused("must be an absolute https URL");
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = hostOf(uri);
        if (host == null || uri.getRawUserInfo() != null || !(scheme.equals("https") || scheme.equals("http"))) {
            throw new DestinationRefused("must be an absolute https URL without credentials");
        }
        List<IPAddress> addresses = addressesOf(host);
        boolean allInsideAllowed = true;
        for (IPAddress address : addresses) {
            boolean exempt = allowed.stream().anyMatch(range -> range.contains(address));
            allInsideAllowed &= exempt;
            if (!exempt && REFUSED.stream().anyMatch(range -> range.contains(address))) {
                throw new DestinationRefused(
                        "must not point to a private, loopback, link-local or otherwise internal address");
            }
        }
        boolean https = scheme.equals("https");
        if (!https && !(allowHttp && allInsideAllowed)) {
            throw new DestinationRefused("must use https");
        }
        int port = uri.getPort() != -1 ? uri.getPort() : https ? 443 : 80;
        return new Destination(uri, host, port, https, addresses.get(0).toInetAddress());
    }

    /** Whether checking the URL may block on a name lookup (its host is not an address literal). */
    public boolean needsLookup(String url) {
        try {
            String host = hostOf(new URI(url));
            return host != null && !new IPAddressString(host, LITERAL).isIPAddress();
        } catch (URISyntaxException e) {
            return false;
        }
    }

    /** The host as written, without IPv6 brackets; also for authorities {@link URI} does not parse as a server. */
    private static String hostOf(URI uri) {
        if (uri.getHost() != null) {
            String host = uri.getHost();
            return host.startsWith("[") && host.endsWith("]") ? host.substring(1, host.length() - 1) : host;
        }
        String authority = uri.getRawAuthority();
        if (authority == null || authority.contains("@") || authority.contains("[")) {
            return null;
        }
        String host = authority.contains(":") ? authority.substring(0, authority.indexOf(':')) : authority;
        return host.isEmpty() ? null : host;
    }

    private List<IPAddress> addressesOf(String host) {
        IPAddressString literal = new IPAddressString(host, LITERAL);
        if (literal.isIPAddress()) {
            return List.of(literal.getAddress());
        }
        if (!host.matches("[A-Za-z0-9._-]+") || host.matches("[0-9.]+|0[xX][0-9A-Fa-f.xX]*")) {
            throw new DestinationRefused("has a host that is neither a name nor an address");
        }
        try {
            InetAddress[] resolved = resolver.resolve(host);
            if (resolved.length == 0) {
                throw new UnknownHostException(host);
            }
            return Arrays.stream(resolved).map(a -> new IPAddressString(a.getHostAddress()).getAddress()).toList();
        } catch (UnknownHostException e) {
            throw new DestinationRefused("has a host name that does not resolve");
        }
    }

    private static List<IPAddress> parse(List<String> ranges) {
        return ranges.stream().map(range -> new IPAddressString(range.trim()).getAddress()).toList();
    }
}
