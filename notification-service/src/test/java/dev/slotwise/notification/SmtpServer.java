package dev.slotwise.notification;

import com.icegreen.greenmail.util.GreenMail;
import com.icegreen.greenmail.util.ServerSetup;
import dev.slotwise.testing.FreePorts;
import io.quarkus.test.common.QuarkusTestResourceLifecycleManager;
import jakarta.mail.internet.MimeMessage;
import java.util.List;
import java.util.Map;

/**
 * A real SMTP server for the tests (GreenMail), on a free loopback port, plain SMTP: what the service sends arrives
 * as a whole RFC 5322 message. {@link #stopServer()} and {@link #startServer()} take it away and bring it back on the
 * same port (the outage tests).
 */
public final class SmtpServer implements QuarkusTestResourceLifecycleManager {

    private static GreenMail server;
    private static int port;

    @Override
    public Map<String, String> start() {
        port = FreePorts.next();
        startServer();
        return Map.of("quarkus.mailer.host", "127.0.0.1", "quarkus.mailer.port", String.valueOf(port),
                "quarkus.mailer.tls", "false", "quarkus.mailer.start-tls", "DISABLED");
    }

    @Override
    public void stop() {
        stopServer();
    }

    public static synchronized void startServer() {
        server = new GreenMail(new ServerSetup(port, "127.0.0.1", ServerSetup.PROTOCOL_SMTP));
        server.start();
    }

    public static synchronized void stopServer() {
        if (server != null) {
            server.stop();
            server = null;
        }
    }

    /** Every message received since the server (re)started. */
    public static synchronized List<MimeMessage> received() {
        return server == null ? List.of() : List.of(server.getReceivedMessages());
    }
}
