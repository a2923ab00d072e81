package dev.slotwise.webhooks.destination;

import io.smallrye.mutiny.Uni;
import java.net.InetAddress;
import java.util.List;

/**
 * Turns a host name into its addresses without blocking a thread: a name server that never answers costs a timer,
 * not a thread. Fails with {@link java.net.UnknownHostException} when the name does not resolve in time.
 */
@FunctionalInterface
public interface HostResolver {

    Uni<List<InetAddress>> resolve(String host);
}
