package dev.slotwise.testing;

import java.io.IOException;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.util.List;

/**
 * Makes sure the processes a launcher (the local stack, a test JVM) starts do not outlive it, even when the launcher is killed with
 * {@code kill -9} and runs no shutdown hook. A tiny {@code sh} process reads the pids to guard from a pipe; when the
 * pipe closes without a {@link #dismiss()} (which only the death of the launcher does), it sends SIGTERM to every
 * pid and SIGKILL to what is still alive 20 seconds later.
 */
public final class OrphanReaper implements AutoCloseable {

    private static final String SCRIPT = """
            pids=""
            while IFS= read -r pid; do
              case "$pid" in
                -*) pids=$(echo " $pids " | sed "s/ ${pid#-} / /g") ;;
                *) pids="$pids $pid" ;;
              esac
            done
            [ -n "$pids" ] || exit 0
            kill -TERM $pids 2>/dev/null
            i=0
            while [ $i -lt 20 ]; do
              alive=""
              for p in $pids; do kill -0 "$p" 2>/dev/null && alive="$alive $p"; done
              [ -n "$alive" ] || exit 0
              sleep 1
              i=$((i + 1))
            done
            kill -KILL $alive 2>/dev/null
            exit 0
            """;

    private final Process shell;
    private final OutputStream pids;

    private OrphanReaper(Process shell) {
        this.shell = shell;
        this.pids = shell.getOutputStream();
    }

    public static OrphanReaper start() {
        try {
            Process shell = new ProcessBuilder(List.of("sh", "-c", SCRIPT))
                    .redirectOutput(ProcessBuilder.Redirect.DISCARD)
                    .redirectError(ProcessBuilder.Redirect.DISCARD)
                    .start();
            return new OrphanReaper(shell);
        } catch (IOException e) {
            throw new UncheckedIOException("the orphan reaper (sh) did not start", e);
        }
    }

    /** Stops {@code pid} when this launcher dies without dismissing the reaper. */
    public synchronized void guard(long pid) {
        try {
            pids.write((pid + "\n").getBytes(StandardCharsets.US_ASCII));
            pids.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("the orphan reaper is gone", e);
        }
    }

    /** The process ended under its launcher's control: forget it, so a later reuse of its pid is never touched. */
    public synchronized void release(long pid) {
        try {
            pids.write(("-" + pid + "\n").getBytes(StandardCharsets.US_ASCII));
            pids.flush();
        } catch (IOException e) {
            throw new UncheckedIOException("the orphan reaper is gone", e);
        }
    }

    public long pid() {
        return shell.pid();
    }

    /** The launcher stopped its processes itself: the reaper goes without touching them (their pids may be reused). */
    public void dismiss() {
        shell.destroyForcibly();
    }

    @Override
    public void close() {
        dismiss();
    }
}
