package dev.slotwise.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.InetAddress;
import java.net.ServerSocket;
import java.util.HashSet;
import java.util.Set;
import org.junit.jupiter.api.Test;

class FreePortsTest {

    @Test
    void aPortIsHandedOutOnceEvenAfterItsProbeSocketIsClosed() {
        Set<Integer> seen = new HashSet<>();
        for (int i = 0; i < 300; i++) {
            assertThat(seen.add(FreePorts.next())).as("port handed out twice").isTrue();
        }
    }

    @Test
    void portsLieBelowTheEphemeralRangeSoNoOutgoingConnectionTakesThem() {
        int ephemeralStart = FreePorts.ephemeralRangeStart();
        for (int i = 0; i < 50; i++) {
            assertThat(FreePorts.next()).isBetween(1_024, ephemeralStart - 1);
        }
    }

    @Test
    void aHandedOutPortIsBindable() throws IOException {
        int port = FreePorts.next();
        try (ServerSocket server = new ServerSocket(port, 1, InetAddress.getLoopbackAddress())) {
            assertThat(server.getLocalPort()).isEqualTo(port);
        }
    }
}
