package dev.slotwise.webhooks.destination;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.webhooks.WebhooksConfig;
import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.IPAddressStringParameters;
import jakarta.enterprise.context.ApplicationScoped;
import io.smallrye.mutiny.Uni;
import jakarta.inject.Inject;
import java.net.URI;
import java.net.URISyntaxException;
import java.net.UnknownHostException;
import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * Where webhooks may go (CONTRACT §8): {@code https} only, and only to globally routable unicast addresses — unless
 * the operator exempted a range ({@code SLOTWISE_WEBHOOKS_ALLOWED_CIDRS}); plain {@code http} only inside such a range
 * and with {@code SLOTWISE_WEBHOOKS_ALLOW_HTTP}. Checked when an endpoint is registered and again before every
 * attempt, which then connects to the address that passed ({@link Destination}).
 *
 * <p>IPv4: every range of IANA's special-purpose registry that is not globally reachable is refused (loopback,
 * private, link-local and cloud metadata, carrier-grade NAT, documentation, benchmarking, the 6to4 relay anycast,
 * multicast, reserved). IPv6: only global unicast ({@code 2000::/3}) is allowed, and within it not the protocol
 * assignments ({@code 2001::/23}, Teredo among them), documentation ({@code 2001:db8::/32}, {@code 3fff::/20}) nor
 * 6to4 ({@code 2002::/16}); so every form that carries an IPv4 address inside an IPv6 one (mapped, compatible, NAT64,
 * 6to4, Teredo) is refused, whatever IPv4 address it carries. Numeric hosts are read the way {@code inet_aton} (and
 * so curl and browsers) reads them: {@code 2130706433}, {@code 0177.0.0.1}, {@code 0x7f.1} and {@code 127.1} are all
 * 127.0.0.1. Names are resolved without blocking ({@link HostResolver}).
 */
@ApplicationScoped
public class DestinationPolicy {

    private static final List<IPAddress> REFUSED_V4 = parse(List.of(
            "0.0.0.0/8", "10.0.0.0/8", "100.64.0.0/10", "127.0.0.0/8", "169.254.0.0/16", "172.16.0.0/12",
            "192.0.0.0/24", "192.0.2.0/24", "192.88.99.0/24", "192.168.0.0/16", "198.18.0.0/15", "198.51.100.0/24",
            "203.0.113.0/24", "224.0.0.0/4", "240.0.0.0/4"));
    private static final IPAddress GLOBAL_UNICAST_V6 = new IPAddressString("2000::/3").getAddress();
    private static final List<IPAddress> REFUSED_V6 = parse(List.of(
            "2001::/23", "2001:db8::/32", "2002::/16", "3fff::/20"));
    private static final IPAddressStringParameters LITERAL = new IPAddressStringParameters.Builder()
            .allowEmpty(false).allowAll(false).allowPrefix(false).allowMask(false).allowPrefixOnly(false)
            .allowWildcardedSeparator(false).allow_inet_aton(true).allowSingleSegment(true).toParams();

    private final List<IPAddress> allowed;
    private final boolean allowHttp;
    private final HostResolver resolver;
    private final Duration lookupTimeout;

    @Inject
    public DestinationPolicy(WebhooksConfig config, HostResolver resolver) {
        this(config.allowedCidrs().orElse(List.of()), config.allowHttp(), resolver, config.lookupTimeout().multipliedBy(2));
    }

    DestinationPolicy(List<String> allowedCidrs, boolean allowHttp, HostResolver resolver, Duration lookupTimeout) {
        this.allowed = parse(allowedCidrs.stream().filter(s -> !s.isBlank()).toList());
        this.allowHttp = allowHttp;
        this.resolver = resolver;
        this.lookupTimeout = lookupTimeout;
    }

    /**
     * At registration: the URL, checked; 422 {@code validation_failed} on field {@code url} otherwise — also when its
     * name does not resolve within the lookup timeout.
     */
    public Uni<URI> checked(String url) {
        return pinned(url).map(Destination::uri)
                .ifNoItem().after(lookupTimeout).failWith(() -> new DestinationRefused("has a host name that does not resolve"))
                .onFailure(DestinationRefused.class).transform(refused -> ApiException.invalid("url", refused.getMessage()));
    }

    /** Resolves the URL's host now (without blocking), checks every address, and names the one to connect to. */
    public Uni<Destination> pinned(String url) {
        URI uri;
        try {
            uri = new URI(url);
        } catch (URISyntaxException e) {
            return Uni.createFrom().failure(new DestinationRefused("must be an absolute https URL"));
        }
        String scheme = uri.getScheme() == null ? "" : uri.getScheme().toLowerCase(Locale.ROOT);
        String host = hostOf(uri);
        if (host == null || uri.getRawUserInfo() != null || !(scheme.equals("https") || scheme.equals("http"))) {
            return Uni.createFrom().failure(new DestinationRefused("must be an absolute https URL without credentials"));
        }
        URI checked = uri;
        return addressesOf(host).map(addresses -> destination(checked, scheme, host, addresses));
    }

    private Destination destination(URI uri, String scheme, String host, List<IPAddress> addresses) {
        boolean allInsideAllowed = true;
        for (IPAddress address : addresses) {
            boolean exempt = allowed.stream().anyMatch(range -> range.contains(address));
            allInsideAllowed &= exempt;
            if (!exempt && !globallyRoutable(address)) {
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

    /** Globally routable unicast: outside every refused IPv4 range, or inside IPv6's global unicast and no exception. */
    static boolean globallyRoutable(IPAddress address) {
        if (address.isIPv4()) {
            return REFUSED_V4.stream().noneMatch(range -> range.contains(address));
        }
        return GLOBAL_UNICAST_V6.contains(address) && REFUSED_V6.stream().noneMatch(range -> range.contains(address));
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

    private Uni<List<IPAddress>> addressesOf(String host) {
        IPAddressString literal = new IPAddressString(host, LITERAL);
        if (literal.isIPAddress()) {
            return Uni.createFrom().item(List.of(literal.getAddress()));
        }
        if (!host.matches("[A-Za-z0-9._-]+") || host.matches("[0-9.]+|0[xX][0-9A-Fa-f.xX]*")) {
            return Uni.createFrom().failure(new DestinationRefused("has a host that is neither a name nor an address"));
        }
        return resolver.resolve(host)
                .onFailure(UnknownHostException.class)
                .transform(unknown -> new DestinationRefused("has a host name that does not resolve"))
                .map(resolved -> resolved.stream()
                        .map(address -> new IPAddressString(address.getHostAddress()).getAddress()).toList());
    }

    private static List<IPAddress> parse(List<String> ranges) {
        return ranges.stream().map(range -> new IPAddressString(range.trim()).getAddress()).toList();
    }
}
