package dev.slotwise.testing;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ThreadLocalRandom;

/**
 * Free TCP ports on the loopback interface, for servers that tests and the local stack start.
 *
 * <p>Two promises, both learnt from CI runs that failed: a port is handed out at most once per JVM, and it lies below
 * the kernel's ephemeral range. Asking the kernel for port 0 gave neither: Linux may return the port it returned a
 * moment ago (once the probe socket is closed), and one CI run started customer-service with its HTTP and management
 * ports both on 36631, so readiness polled a router without {@code /q/health} for two minutes; and a port from the
 * ephemeral range can be taken, between the probe and the server's bind, by any outgoing connection (Kafka clients,
 * PostgreSQL pools, HTTP clients open hundreds of them while a stack starts).
 */
public final class FreePorts {

    private static final int LOWEST = 15_000;
    private static final Path EPHEMERAL_RANGE = Path.of("/proc/sys/net/ipv4/ip_local_port_range");
    private static final int EPHEMERAL_START_ELSEWHERE = 32_768;
    private static final int ATTEMPTS = 1_000;
    private static final Set<Integer> HANDED_OUT = ConcurrentHashMap.newKeySet();

    private FreePorts() {
    }

    public static int next() {
        int above = ephemeralRangeStart();
        for (int attempt = 0; attempt < ATTEMPTS; attempt++) {
            int port = ThreadLocalRandom.current().nextInt(LOWEST, above);
            if (!HANDED_OUT.contains(port) && bindable(port) && HANDED_OUT.add(port)) {
                return port;
            }
        }
        throw new IllegalStateException("no free loopback port in " + LOWEST + ".." + (above - 1) + " after "
                + ATTEMPTS + " attempts");
    }

    /** The first port of the kernel's ephemeral range; ports below it are never picked for outgoing connections. */
    static int ephemeralRangeStart() {
        try {
            int start = Integer.parseInt(Files.readString(EPHEMERAL_RANGE).trim().split("\\s+")[0]);
            return start > LOWEST + 1_000 ? start : EPHEMERAL_START_ELSEWHERE;
        } catch (IOException | RuntimeException unreadable) {
            return EPHEMERAL_START_ELSEWHERE;
        }
    }

    private static boolean bindable(int port) {
        try (ServerSocket socket = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            return true;
        } catch (IOException taken) {
            return false;
        }
    }
}
