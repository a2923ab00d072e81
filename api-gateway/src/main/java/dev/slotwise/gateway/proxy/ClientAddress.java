package dev.slotwise.gateway.proxy;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import inet.ipaddr.ipv6.IPv6Address;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import java.util.Arrays;
import java.util.List;
import java.util.Objects;

/**
 * The address a request came from, for limits per client (CONTRACT §6): the peer's address, unless the peer is a
 * trusted proxy ({@code slotwise.gateway.trusted-proxies}), in which case the nearest address in
 * {@code X-Forwarded-For} that is not itself a trusted proxy. A client cannot pretend to be someone else by sending
 * the header: it is read only from trusted peers.
 */
public final class ClientAddress {

    private final List<IPAddress> trustedProxies;

    public ClientAddress(List<String> trustedProxies) {
        this.trustedProxies = trustedProxies.stream().map(cidr -> new IPAddressString(cidr.trim()).getAddress())
                .filter(Objects::nonNull).toList();
    }

    /** The client's address, as the per-address limits count it ({@link #counted}). */
    public String of(HttpServerRequest request) {
        String peer = peerOf(request);
        if (!trusted(peer)) {
            return counted(peer);
        }
        // every X-Forwarded-For line, in order: a proxy may add a line of its own rather than extend the last one
        List<String> hops = request.headers().getAll("X-Forwarded-For").stream()
                .flatMap(line -> Arrays.stream(line.split(",")))
                .map(String::trim)
                .filter(hop -> !hop.isEmpty())
                .toList();
        for (int i = hops.size() - 1; i >= 0; i--) {
            if (!trusted(hops.get(i))) {
                return counted(hops.get(i));
            }
        }
        return counted(peer);
    }

    /**
     * What the limits count: an IPv4 address as it is; an IPv6 address by the /64 network it belongs to, since one
     * subscriber usually holds a whole /64 and could otherwise fail from a new address on every request. An IPv4
     * address written as IPv6 ({@code ::ffff:192.0.2.1}) counts as the IPv4 address.
     */
    static String counted(String address) {
        IPAddress parsed = new IPAddressString(address).getAddress();
        if (parsed == null) {
            return address;
        }
        if (parsed instanceof IPv6Address v6) {
            return v6.isIPv4Mapped() ? v6.getEmbeddedIPv4Address().toCanonicalString()
                    : v6.toPrefixBlock(64).toCanonicalString();
        }
        return parsed.toCanonicalString();
    }

    /**
     * The connection's own peer. Read from the connection, not through Vert.x Web's forwarded-header parser: the
     * parser is off here anyway, and it costs a little on every request.
     */
    static String peerOf(HttpServerRequest request) {
        SocketAddress peer = request.connection().remoteAddress();
        return peer == null ? "unknown" : peer.hostAddress();
    }

    private boolean trusted(String address) {
        IPAddress parsed = new IPAddressString(address).getAddress();
        return parsed != null && trustedProxies.stream().anyMatch(range -> range.contains(parsed));
    }
}
