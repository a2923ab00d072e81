package dev.slotwise.stack;

import java.time.Duration;
import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

/**
 * Keeps {@code ./slotwise up}'s stack whole: every two seconds it looks for a component whose process has died
 * (crashed, killed, out of memory) and starts it again, with a backoff per component (1 s, doubling up to a minute;
 * back to 1 s once it has stayed up for a minute), saying so on the console. stack.json gets the new pid.
 */
final class Supervisor implements AutoCloseable {

    private static final Duration CHECK_EVERY = Duration.ofSeconds(2);
    private static final Duration FIRST_BACKOFF = Duration.ofSeconds(1);
    private static final Duration MAX_BACKOFF = Duration.ofMinutes(1);
    private static final Duration STABLE_AFTER = Duration.ofMinutes(1);

    private final LocalStack stack;
    private final Consumer<String> console;
    private final Map<String, Duration> backoff = new HashMap<>();
    private final Map<String, Long> restartedAt = new HashMap<>();
    private final Thread thread;
    private volatile boolean stopping;

    private Supervisor(LocalStack stack, Consumer<String> console) {
        this.stack = stack;
        this.console = console;
        this.thread = new Thread(this::watch, "slotwise-supervisor");
        this.thread.setDaemon(true);
    }

    static Supervisor start(LocalStack stack, Consumer<String> console) {
        Supervisor supervisor = new Supervisor(stack, console);
        supervisor.thread.start();
        return supervisor;
    }

    private void watch() {
        while (!stopping) {
            try {
                Thread.sleep(CHECK_EVERY.toMillis());
                for (Component component : stack.components()) {
                    if (!stopping && !ProcessHandle.of(component.pid()).map(ProcessHandle::isAlive).orElse(false)) {
                        restart(component.name());
                    }
                }
            } catch (InterruptedException e) {
                return;
            } catch (RuntimeException e) {
                if (!stopping) {
                    console.accept("supervisor: " + e.getMessage());
                }
            }
        }
    }

    private void restart(String name) throws InterruptedException {
        long now = System.nanoTime();
        Long last = restartedAt.get(name);
        Duration wait = last != null && now - last < STABLE_AFTER.toNanos()
                ? min(backoff.getOrDefault(name, FIRST_BACKOFF).multipliedBy(2), MAX_BACKOFF) : FIRST_BACKOFF;
        backoff.put(name, wait);
        console.accept(name + " has stopped; starting it again in " + wait.toSeconds() + " s (its log: logs/"
                + (name.equals("postgresql") ? "launcher" : name) + ".log)");
        Thread.sleep(wait.toMillis());
        if (stopping) {
            return;
        }
        stack.restart(name);
        restartedAt.put(name, System.nanoTime());
        console.accept(name + " is running again");
    }

    private static Duration min(Duration a, Duration b) {
        return a.compareTo(b) <= 0 ? a : b;
    }

    /** Stops watching (before the stack is stopped on purpose). */
    @Override
    public void close() {
        stopping = true;
        thread.interrupt();
    }
}
