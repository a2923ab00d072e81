package dev.slotwise.kafka;

import java.io.IOException;
import java.io.InputStream;

/**
 * Runs a Kafka broker ({@code kafka.Kafka}) in this JVM and ends it when the process that started it goes away.
 *
 * <p>The parent keeps this process's standard input open; when it reads end-of-file (the parent exited, even by
 * {@code kill -9}) the broker shuts down through its own shutdown hook. That is how a test run or {@code ./slotwise up}
 * never leaves a broker behind.
 */
public final class BrokerMain {

    private BrokerMain() {
    }

    public static void main(String[] args) throws Exception {
        Thread watcher = new Thread(BrokerMain::exitWhenParentGoesAway, "parent-watcher");
        watcher.setDaemon(true);
        watcher.start();
        Class.forName("kafka.Kafka").getMethod("main", String[].class).invoke(null, (Object) args);
    }

    private static void exitWhenParentGoesAway() {
        InputStream in = System.in;
        byte[] buffer = new byte[64];
        try {
            while (in.read(buffer) >= 0) {
                // the parent writes nothing; any bytes are ignored
            }
        } catch (IOException ignored) {
            // a broken pipe means the same as end-of-file
        }
        System.exit(0);
    }
}
