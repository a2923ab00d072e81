package dev.slotwise.webhooks.destination;

import dev.slotwise.webhooks.WebhooksConfig;
import io.netty.channel.nio.NioEventLoopGroup;
import io.netty.channel.socket.nio.NioDatagramChannel;
import io.netty.resolver.ResolvedAddressTypes;
import io.netty.resolver.dns.DefaultDnsCache;
import io.netty.resolver.dns.DnsNameResolver;
import io.netty.resolver.dns.DnsNameResolverBuilder;
import io.netty.resolver.dns.SequentialDnsServerAddressStreamProvider;
import io.netty.util.concurrent.DefaultThreadFactory;
import io.quarkus.arc.DefaultBean;
import io.smallrye.mutiny.Uni;
import io.vertx.core.Context;
import io.vertx.core.Vertx;
import jakarta.annotation.PreDestroy;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * Webhook host names looked up without blocking (Netty's DNS resolver on an event loop of its own): {@code /etc/hosts}
 * first, then the name servers of {@code /etc/resolv.conf} or {@code slotwise.webhooks.name-servers}, each query
 * given up after {@code slotwise.webhooks.lookup-timeout}. A tenant controls the name, so its name server may never
 * answer: that costs a timer, never one of a few shared threads that every tenant's deliveries wait for. Answers are
 * cached for their TTL, at most a minute (a failed lookup for 5 s), so a busy endpoint's name is not asked for on
 * every attempt; every attempt still checks the addresses it gets (DNS rebinding).
 */
@DefaultBean
@ApplicationScoped
public class DnsHostResolver implements HostResolver {

    private static final int MAX_TTL_SECONDS = 60;
    private static final int NEGATIVE_TTL_SECONDS = 5;

    private final NioEventLoopGroup loop = new NioEventLoopGroup(1, new DefaultThreadFactory("webhook-dns", true));
    private final DnsNameResolver resolver;

    public DnsHostResolver(WebhooksConfig config) {
        DnsNameResolverBuilder builder = new DnsNameResolverBuilder(loop.next())
                .datagramChannelType(NioDatagramChannel.class)
                .queryTimeoutMillis(config.lookupTimeout().toMillis())
                .resolveCache(new DefaultDnsCache(0, MAX_TTL_SECONDS, NEGATIVE_TTL_SECONDS))
                .resolvedAddressTypes(ResolvedAddressTypes.IPV4_PREFERRED);
        List<InetSocketAddress> servers = config.nameServers().orElse(List.of()).stream()
                .filter(server -> !server.isBlank()).map(DnsHostResolver::address).toList();
        if (!servers.isEmpty()) {
            builder.nameServerProvider(new SequentialDnsServerAddressStreamProvider(servers));
        }
        this.resolver = builder.build();
    }

    /**
     * The host's addresses, delivered on the caller's Vert.x context when it has one (so that what follows — a database
     * session, an HTTP request — runs where it started, not on the resolver's thread).
     */
    @Override
    public Uni<List<InetAddress>> resolve(String host) {
        return Uni.createFrom().emitter(emitter -> {
            Context caller = Vertx.currentContext();
            resolver.resolveAll(host).addListener(lookup -> {
                Runnable answer = () -> {
                    if (lookup.isSuccess() && !((List<?>) lookup.getNow()).isEmpty()) {
                        @SuppressWarnings("unchecked")
                        List<InetAddress> addresses = (List<InetAddress>) lookup.getNow();
                        emitter.complete(addresses);
                    } else {
                        emitter.fail(new UnknownHostException(host));
                    }
                };
                if (caller == null) {
                    answer.run();
                } else {
                    caller.runOnContext(ignored -> answer.run());
                }
            });
        });
    }

    /** {@code host:port}, or a host alone for port 53. */
    private static InetSocketAddress address(String server) {
        String trimmed = server.trim();
        int colon = trimmed.lastIndexOf(':');
        return colon > 0 && trimmed.indexOf(':') == colon
                ? new InetSocketAddress(trimmed.substring(0, colon), Integer.parseInt(trimmed.substring(colon + 1)))
                : new InetSocketAddress(trimmed, 53);
    }

    @PreDestroy
    void close() {
        resolver.close();
        loop.shutdownGracefully(0, 1, TimeUnit.SECONDS);
    }
}
