package dev.slotwise.testing;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.BufferedReader;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/** What the stack starts dies with its launcher, even when the launcher is killed with SIGKILL. */
class OrphanReaperTest {

    private Process guarded;

    @AfterEach
    void cleanUp() {
        if (guarded != null) {
            guarded.destroyForcibly();
        }
    }

    /** A launcher in its own JVM: starts a reaper, guards the pid it is given, says so, then waits to be killed. */
    public static void main(String[] args) throws Exception {
        OrphanReaper reaper = OrphanReaper.start();
        reaper.guard(Long.parseLong(args[0]));
        if (args.length > 1) {
            reaper.release(Long.parseLong(args[1]));
        }
        System.out.println("guarding");
        System.out.flush();
        Thread.sleep(Duration.ofMinutes(5).toMillis());
    }

    private static void launchAndKill(String... args) throws Exception {
        List<String> command = new java.util.ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "-cp", System.getProperty("java.class.path"), OrphanReaperTest.class.getName()));
        command.addAll(List.of(args));
        Process launcher = new ProcessBuilder(command).redirectErrorStream(true).start();
        try (BufferedReader out = new BufferedReader(new InputStreamReader(launcher.getInputStream(), StandardCharsets.UTF_8))) {
            assertThat(out.readLine()).isEqualTo("guarding");
        }
        launcher.destroyForcibly().waitFor(10, TimeUnit.SECONDS);
    }

    @Test
    void aLauncherKilledWithSigkillTakesItsProcessesWithIt() throws Exception {
        guarded = new ProcessBuilder("sleep", "300").start();

        launchAndKill(String.valueOf(guarded.pid()));

        assertThat(guarded.waitFor(10, TimeUnit.SECONDS)).as("the guarded process exits once its launcher is gone").isTrue();
    }

    @Test
    void aReleasedProcessIsLeftAlone() throws Exception {
        guarded = new ProcessBuilder("sleep", "300").start();
        Process other = new ProcessBuilder("sleep", "300").start();
        try {
            launchAndKill(String.valueOf(other.pid()), String.valueOf(other.pid()));
            Thread.sleep(1500);
            assertThat(other.isAlive()).isTrue();
        } finally {
            other.destroyForcibly();
        }
    }

    @Test
    void aDismissedReaperLeavesTheProcessesAlone() throws Exception {
        guarded = new ProcessBuilder("sleep", "300").start();
        OrphanReaper reaper = OrphanReaper.start();
        reaper.guard(guarded.pid());

        reaper.dismiss();

        ProcessHandle shell = ProcessHandle.of(reaper.pid()).orElse(null);
        if (shell != null) {
            shell.onExit().get(10, TimeUnit.SECONDS);
        }
        Thread.sleep(500);
        assertThat(guarded.isAlive()).isTrue();
    }
}
