package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.createKey;
import static dev.slotwise.stack.StackApi.createTenant;
import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.node.ArrayNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.sun.net.httpserver.HttpServer;
import java.io.IOException;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.extension.ExtendWith;

/**
 * The four SDKs under sdks/ (issue 40) against the real stack, each as its own runtime would run it (node, python3,
 * php, ruby as processes): the README's example exactly as the README shows it, then the SDK's stack test — a
 * customer created, customers paged, a booking and a second booking of the slot refused as a typed
 * appointment_conflict, an idempotent retry of a create, retries of 503 and 429, and a webhook the dispatcher
 * delivered verified by both signature schemes. Each SDK works in a tenant of its own.
 */
@ExtendWith(SharedStack.class)
@Timeout(600)
class SdkIT {

    private static final String[] SCOPES = {"customers.read", "customers.write", "appointments.read",
            "appointments.write", "services.read", "services.write", "staff.read", "staff.write", "webhooks.write"};
    private static final Path SDKS = Path.of(System.getProperty("slotwise.home", "../..")).toAbsolutePath()
            .normalize().resolve("sdks");
    private static Receiver receiver;

    @BeforeAll
    static void startReceiver() throws IOException {
        receiver = new Receiver();
    }

    @AfterAll
    static void stopReceiver() {
        if (receiver != null) {
            receiver.server.stop(0);
        }
    }

    @ParameterizedTest(name = "{0}")
    @ValueSource(strings = {"typescript", "python", "php", "ruby"})
    void theSdkWorksAgainstTheStack(String sdk) throws Exception {
        Path dir = SDKS.resolve(sdk);
        Language language = Language.of(sdk);
        String readme = Files.readString(dir.resolve("README.md"));
        String example = Files.readString(dir.resolve(language.example()));
        assertThat(readme).as("sdks/" + sdk + "/README.md shows " + language.example() + " as it is").contains(example.strip());

        if (language.build() != null) {
            run(sdk, "build", dir, language.build(), Map.of());
        }
        String exampleOutput = run(sdk, "readme-example", dir, language.runExample(),
                Map.of("SLOTWISE_API_KEY", keyOfANewTenant(sdk + " readme"), "PYTHONPATH", dir.toString()));
        assertThat(exampleOutput).as("the example prints the customer it created").contains("cus_");

        String testOutput = run(sdk, "stack-test", dir, language.test(), Map.of("SLOTWISE_API_KEY",
                keyOfANewTenant(sdk + " sdk"), "SLOTWISE_RECEIVER_URL", receiver.url()));
        assertThat(testOutput).contains(sdk + " SDK: all stack tests passed");
    }

    private static String keyOfANewTenant(String name) throws Exception {
        return createKey(createTenant("SDK " + name), SCOPES).get("key").asText();
    }

    /** Runs a command of the SDK to its end (two minutes at most) and answers its output; it must exit 0. */
    private static String run(String sdk, String step, Path dir, List<String> command, Map<String, String> environment)
            throws Exception {
        Path log = Path.of("target", "sdk-" + sdk + "-" + step + ".log").toAbsolutePath();
        Files.createDirectories(log.getParent());
        ProcessBuilder builder = new ProcessBuilder(command).directory(dir.toFile()).redirectErrorStream(true)
                .redirectOutput(log.toFile());
        builder.environment().put("SLOTWISE_BASE_URL", SharedStack.stack().gatewayUrl());
        builder.environment().putAll(environment);
        Process process = builder.start();
        boolean ended = process.waitFor(120, TimeUnit.SECONDS);
        if (!ended) {
            process.destroyForcibly().waitFor();
        }
        String output = Files.readString(log);
        assertThat(ended && process.exitValue() == 0).as(sdk + " " + step + " (" + String.join(" ", command)
                + ") exits 0 within two minutes; its output (" + log + "):\n" + output).isTrue();
        return output;
    }

    private record Language(String example, List<String> build, List<String> runExample, List<String> test) {
        static Language of(String sdk) {
            return switch (sdk) {
                case "typescript" -> new Language("examples/quickstart.mjs",
                        List.of("bash", "-c", "../node-tools >/dev/null && node_modules/.bin/tsc -p tsconfig.json"),
                        List.of("node", "examples/quickstart.mjs"), List.of("node", "dist/test/stack.test.js"));
                case "python" -> new Language("examples/quickstart.py", null,
                        List.of("python3", "examples/quickstart.py"), List.of("python3", "tests/stack_test.py"));
                case "php" -> new Language("examples/quickstart.php", null,
                        List.of("php", "examples/quickstart.php"), List.of("php", "tests/stack_test.php"));
                case "ruby" -> new Language("examples/quickstart.rb", null,
                        List.of("ruby", "-Ilib", "examples/quickstart.rb"), List.of("ruby", "-Ilib", "test/stack_test.rb"));
                default -> throw new IllegalArgumentException(sdk);
            };
        }
    }

    /**
     * A tenant's webhook receiver on loopback that the SDKs' tests can read back: {@code POST /hooks/<name>} is recorded
     * (headers and the raw body) and answered 200; {@code GET /received/<name>} answers what arrived there as
     * {@code [{"headers": {lower-case name: value}, "body": "<raw>"}]}.
     */
    private static final class Receiver {
        private final HttpServer server;
        private final Map<String, List<ObjectNode>> received = new ConcurrentHashMap<>();

        Receiver() throws IOException {
            server = HttpServer.create(new InetSocketAddress(InetAddress.getLoopbackAddress(), 0), 0);
            server.createContext("/hooks/", exchange -> {
                ObjectNode hook = StackApi.JSON.createObjectNode();
                ObjectNode headers = hook.putObject("headers");
                exchange.getRequestHeaders().forEach((name, values) -> headers.put(name.toLowerCase(), String.join(",", values)));
                hook.put("body", new String(exchange.getRequestBody().readAllBytes(), StandardCharsets.UTF_8));
                received.computeIfAbsent(name(exchange.getRequestURI().getPath()), key -> new CopyOnWriteArrayList<>()).add(hook);
                exchange.sendResponseHeaders(200, -1);
                exchange.close();
            });
            server.createContext("/received/", exchange -> {
                ArrayNode hooks = StackApi.JSON.createArrayNode();
                hooks.addAll(received.getOrDefault(name(exchange.getRequestURI().getPath()), List.of()));
                byte[] body = StackApi.JSON.writeValueAsBytes(hooks);
                exchange.getResponseHeaders().set("Content-Type", "application/json");
                exchange.sendResponseHeaders(200, body.length);
                exchange.getResponseBody().write(body);
                exchange.close();
            });
            server.start();
        }

        private static String name(String path) {
            return path.substring(path.lastIndexOf('/') + 1);
        }

        String url() {
            return "http://127.0.0.1:" + server.getAddress().getPort();
        }
    }
}
