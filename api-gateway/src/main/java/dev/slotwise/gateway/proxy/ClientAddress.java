package dev.slotwise.gateway.proxy;

import inet.ipaddr.IPAddress;
import inet.ipaddr.IPAddressString;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.net.SocketAddress;
import java.util.List;

/**
 * The address a request came from, for limits per client (CONTRACT §6): the peer's address, unless the peer is a
 * trusted proxy ({@code slotwise.gateway.trusted-proxies}), in which case the nearest address in
 * {@code X-Forwarded-For} that is not itself a trusted proxy. A client cannot pretend to be someone else by sending
 * the header: it is read only from trusted peers.
 */
final class ClientAddress {

    private final List<IPAddress> trustedProxies;

    ClientAddress(List<String> trustedProxies) {
        this.trustedProxies = trustedProxies.stream().map(cidr -> new IPAddressString(cidr.trim()).getAddress())
                .filter(java.util.Objects::nonNull).toList();
    }

    String of(HttpServerRequest request) {
        String peer = peerOf(request);
        String forwarded = request.getHeader("X-Forwarded-For");
        if (forwarded == null || !trusted(peer)) {
            return peer;
        }
        String[] hops = forwarded.split(",");
        for (int i = hops.length - 1; i >= 0; i--) {
            String hop = hops[i].trim();
            if (!hop.isEmpty() && !trusted(hop)) {
                return hop;
            }
        }
        return peer;
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
