package dev.slotwise.stack;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.DynamicTest;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.TestFactory;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The commands README.md and {@code docs/} give a reader to paste, run as written against a real stack, so that an
 * example that drifts from the product fails the build (issue 43). A {@code ```bash} block is runnable when the line
 * right before it is {@code <!-- runnable -->} or {@code <!-- runnable; prints: A | B -->}: bash runs it from the
 * repository's root with {@code -euo pipefail}, as a reader's terminal would, with {@code SLOTWISE_DATA_DIR} and
 * {@code SLOTWISE_HTTP_PORT} set to this run's stack (a data directory of its own whose demo key is a fresh demo
 * tenant's, so that the example meets the data `up` seeds and nothing the other tests changed); it must exit 0 and
 * print every text after {@code prints:}.
 */
@ExtendWith(SharedStack.class)
@Timeout(value = 5, unit = TimeUnit.MINUTES)
class RunnableExamplesIT {

    private static final Path HOME = Path.of(System.getProperty("slotwise.home", "../..")).toAbsolutePath().normalize();
    private static final Pattern MARKER = Pattern.compile("<!-- runnable(?:; prints: (.*?))? -->");
    private static final long EXAMPLE_TIMEOUT_SECONDS = 120;

    record Example(Path file, int line, String script, List<String> prints) {

        String name() {
            return HOME.relativize(file) + ":" + line;
        }
    }

    @Test
    void theReadmesTourIsRunnable() throws IOException {
        assertThat(examples()).extracting(example -> HOME.relativize(example.file()).toString()).contains("README.md");
    }

    @TestFactory
    Stream<DynamicTest> everyRunnableExampleRunsAsWritten() throws IOException {
        return examples().stream().map(example -> DynamicTest.dynamicTest(example.name(), () -> run(example)));
    }

    static List<Example> examples() throws IOException {
        List<Path> files = new ArrayList<>(List.of(HOME.resolve("README.md")));
        try (Stream<Path> docs = Files.walk(HOME.resolve("docs"))) {
            docs.filter(path -> path.toString().endsWith(".md")).sorted().forEach(files::add);
        }
        List<Example> found = new ArrayList<>();
        for (Path file : files) {
            List<String> lines = Files.readAllLines(file, StandardCharsets.UTF_8);
            for (int i = 0; i < lines.size(); i++) {
                Matcher marker = MARKER.matcher(lines.get(i).trim());
                if (!marker.matches()) {
                    continue;
                }
                if (i + 1 >= lines.size() || !lines.get(i + 1).trim().equals("```bash")) {
                    throw new IllegalStateException(HOME.relativize(file) + ":" + (i + 1)
                            + ": a runnable marker must be right before a ```bash block");
                }
                int close = i + 2;
                while (close < lines.size() && !lines.get(close).trim().equals("```")) {
                    close++;
                }
                List<String> prints = marker.group(1) == null ? List.of()
                        : Arrays.stream(marker.group(1).split(" \\| ")).map(String::trim).toList();
                found.add(new Example(file, i + 1, String.join("\n", lines.subList(i + 2, close)), prints));
            }
        }
        return found;
    }

    private static void run(Example example) throws Exception {
        LocalStack stack = SharedStack.stack();
        Path data = Files.createTempDirectory("slotwise-examples-");
        Files.copy(stack.dataDir().resolve("stack.json"), data.resolve("stack.json"));
        Files.createDirectories(data.resolve("secrets"));
        String business = "Readme Salon " + Long.toString(System.nanoTime() % 1_000_000_000L, 36);
        DemoTenant demo = DemoTenant.create(stack.gatewayUrl(), stack.adminToken(), business,
                "owner+" + Integer.toHexString(business.hashCode()) + "@readme-salon.example");
        Files.writeString(data.resolve("secrets/demo-api-key"), demo.apiKey());

        ProcessBuilder bash = new ProcessBuilder("bash", "-euo", "pipefail", "-c", example.script())
                .directory(HOME.toFile()).redirectErrorStream(true);
        bash.environment().put("SLOTWISE_DATA_DIR", data.toString());
        bash.environment().put("SLOTWISE_HTTP_PORT", String.valueOf(URI.create(stack.gatewayUrl()).getPort()));
        Path output = data.resolve("output.txt");
        Process process = bash.redirectOutput(output.toFile()).start();
        boolean finished = process.waitFor(EXAMPLE_TIMEOUT_SECONDS, TimeUnit.SECONDS);
        if (!finished) {
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
        }
        String printed = Files.readString(output);
        assertThat(finished).as(example.name() + " still running after " + EXAMPLE_TIMEOUT_SECONDS + " s:\n" + printed)
                .isTrue();
        assertThat(process.exitValue()).as(example.name() + " printed:\n" + printed).isZero();
        for (String text : example.prints()) {
            assertThat(printed).as(example.name() + " printed:\n" + printed).contains(text);
        }
        // kept when the example fails, for whoever reads the failure; it holds the demo tenant's key
        try (Stream<Path> files = Files.walk(data)) {
            files.sorted(java.util.Comparator.reverseOrder()).forEach(path -> path.toFile().delete());
        }
    }
}
