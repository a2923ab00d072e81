package dev.slotwise.testing;

import java.time.Duration;
import java.util.concurrent.TimeUnit;

/** Stopping the processes that tests and the local stack start: politely first, then for sure. */
public final class ChildProcesses {

    private ChildProcesses() {
    }

    /** SIGTERM, wait up to {@code grace}, then SIGKILL; returns when the process is gone. */
    public static void stop(Process process, Duration grace) {
        if (!process.isAlive()) {
            return;
        }
        process.destroy();
        try {
            if (!process.waitFor(grace.toMillis(), TimeUnit.MILLISECONDS)) {
                process.destroyForcibly().waitFor(5, TimeUnit.SECONDS);
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            process.destroyForcibly();
        }
    }
}
