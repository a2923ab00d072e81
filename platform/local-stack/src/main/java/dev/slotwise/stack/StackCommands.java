package dev.slotwise.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.io.PrintStream;
import java.net.InetSocketAddress;
import java.net.Socket;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.stream.Stream;

/**
 * The local stack's commands besides {@code up}, for a stack started in another terminal: {@code status},
 * {@code down}, {@code seed}, {@code mail} and {@code reset}. They find the stack through {@code $SLOTWISE_DATA_DIR/stack.json}, which {@code up}
 * writes once the stack is ready (with its own pid) and removes when it stops.
 */
public final class StackCommands {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final HttpClient HTTP = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private static final Duration STOP_TIMEOUT = Duration.ofSeconds(90);

    private final Path dataDir;
    private final PrintStream out;

    StackCommands(Path dataDir, PrintStream out) {
        this.dataDir = dataDir.toAbsolutePath().normalize();
        this.out = out;
    }

    public static void main(String[] args) throws Exception {
        Path home = Path.of(System.getProperty("slotwise.home", ".")).toAbsolutePath().normalize();
        Path dataDir = Path.of(System.getenv().getOrDefault("SLOTWISE_DATA_DIR", home.resolve(".slotwise").toString()));
        StackCommands commands = new StackCommands(dataDir, System.out);
        String command = args.length == 0 ? "" : args[0];
        int exit = switch (command) {
            case "status" -> commands.status();
            case "down" -> commands.down();
            case "reset" -> commands.reset(args.length > 1 && (args[1].equals("--yes") || args[1].equals("-y")));
            case "seed" -> commands.seed();
            case "mail" -> commands.mail(args.length > 1 && args[1].equals("--raw"));
            default -> {
                System.err.println("unknown command: " + command);
                yield 2;
            }
        };
        System.exit(exit);
    }

    /** The running stack's stack.json, when its {@code up} process is alive. */
    Optional<JsonNode> running() throws IOException {
        Path file = dataDir.resolve("stack.json");
        if (!Files.exists(file)) {
            return Optional.empty();
        }
        JsonNode stack = JSON.readTree(file.toFile());
        long launcher = stack.path("pid").asLong(-1);
        return ProcessHandle.of(launcher).filter(ProcessHandle::isAlive).map(alive -> stack);
    }

    /** Each component: pid, port, health, uptime; the gateway's URL and where the logs are. 0 when all are healthy. */
    int status() throws IOException, InterruptedException {
        Optional<JsonNode> stack = running();
        if (stack.isEmpty()) {
            out.println("No stack is running from " + dataDir + " (start one with ./slotwise up).");
            return 3;
        }
        out.println("Slotwise " + stack.get().path("gateway").asText() + "   data: " + dataDir + "   logs: "
                + dataDir.resolve("logs"));
        out.printf("%-22s %8s %6s  %-9s %9s  %s%n", "COMPONENT", "PID", "PORT", "HEALTH", "UPTIME", "METRICS");
        boolean healthy = true;
        for (JsonNode component : stack.get().path("components")) {
            long pid = component.path("pid").asLong();
            Optional<ProcessHandle> process = ProcessHandle.of(pid).filter(ProcessHandle::isAlive);
            String health = process.isEmpty() ? "down" : health(component);
            healthy &= health.equals("ready") || health.equals("up");
            out.printf("%-22s %8d %6d  %-9s %9s  %s%n", component.path("name").asText(), pid,
                    component.path("port").asInt(), health, process.flatMap(StackCommands::uptime).orElse("-"),
                    component.path("metricsUrl").asText("-"));
        }
        return healthy ? 0 : 1;
    }

    /** Stops the stack that {@code up} runs (SIGTERM to it: it stops the services, then Kafka, then PostgreSQL). */
    int down() throws IOException {
        Optional<JsonNode> stack = running();
        if (stack.isEmpty()) {
            out.println("No stack is running from " + dataDir + ".");
            return 0;
        }
        ProcessHandle launcher = ProcessHandle.of(stack.get().path("pid").asLong()).orElseThrow();
        out.println("Stopping the stack (pid " + launcher.pid() + ") …");
        launcher.destroy();
        try {
            launcher.onExit().get(STOP_TIMEOUT.toSeconds(), TimeUnit.SECONDS);
        } catch (Exception e) {
            out.println("It did not stop within " + STOP_TIMEOUT.toSeconds() + " s; see " + dataDir.resolve("logs"));
            return 1;
        }
        out.println("Stopped.");
        return 0;
    }

    /**
     * Another demo tenant in the running stack (its own key, customers, services, staff with working hours, and a user
     * for the panel), printed once: for trying things on fresh data beside the first demo tenant.
     */
    int seed() throws IOException, InterruptedException {
        Optional<JsonNode> stack = running();
        if (stack.isEmpty()) {
            out.println("No stack is running from " + dataDir + " (start one with ./slotwise up).");
            return 3;
        }
        String given = System.getenv("SLOTWISE_ADMIN_TOKEN");
        Path generated = dataDir.resolve("secrets/admin-token");
        if ((given == null || given.isBlank()) && !Files.exists(generated)) {
            out.println("No operator token: set SLOTWISE_ADMIN_TOKEN to the one the stack runs with.");
            return 2;
        }
        String admin = given != null && !given.isBlank() ? given : Files.readString(generated).trim();
        String suffix = Long.toString(System.currentTimeMillis() % 1_000_000_000L, 36);
        DemoTenant demo = DemoTenant.create(stack.get().path("gateway").asText(), admin, "Demo Salon " + suffix,
                "owner+" + suffix + "@demo-salon.example");
        out.println("Demo tenant " + demo.tenantId() + " with three customers, two services and two staff members:");
        out.println("  API key (all scopes): " + demo.apiKey() + "   (shown this once)");
        out.println("  panel user:           " + demo.userEmail() + " / " + demo.userPassword());
        return 0;
    }

    /**
     * What the local mail catcher caught (CONTRACT §18), newest first: one line per message with its time, recipients
     * and subject, or with {@code raw} each whole RFC 5322 message.
     */
    int mail(boolean raw) throws IOException, InterruptedException {
        Optional<JsonNode> stack = running();
        if (stack.isEmpty()) {
            out.println("No stack is running from " + dataDir + " (start one with ./slotwise up).");
            return 3;
        }
        Optional<JsonNode> catcher = Optional.empty();
        for (JsonNode component : stack.get().path("components")) {
            if (component.path("name").asText().equals("mail")) {
                catcher = Optional.of(component);
            }
        }
        if (catcher.isEmpty()) {
            out.println("This stack sends e-mail through the server SLOTWISE_SMTP_HOST names; nothing is caught here.");
            return 1;
        }
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(
                        URI.create(catcher.get().path("apiUrl").asText() + "/messages")).timeout(Duration.ofSeconds(10)).build(),
                HttpResponse.BodyHandlers.ofString(StandardCharsets.UTF_8));
        JsonNode messages = JSON.readTree(answer.body());
        if (messages.isEmpty()) {
            out.println("No mail caught yet.");
            return 0;
        }
        for (JsonNode message : messages) {
            List<String> to = new ArrayList<>();
            message.path("to").forEach(recipient -> to.add(recipient.asText()));
            if (raw) {
                out.println("==== " + message.path("receivedAt").asText() + "  to " + String.join(", ", to));
                out.println(message.path("raw").asText());
            } else {
                out.printf("%-24s  %-32s  %s%n", message.path("receivedAt").asText(), String.join(", ", to),
                        message.path("subject").asText());
            }
        }
        return 0;
    }

    /** Removes the data directory (databases, Kafka, secrets, logs) after a confirmation, never under a running stack. */
    int reset(boolean confirmed) throws IOException {
        if (running().isPresent()) {
            out.println("The stack is running from " + dataDir + "; stop it first: ./slotwise down");
            return 1;
        }
        if (!Files.exists(dataDir)) {
            out.println("Nothing to reset: " + dataDir + " does not exist.");
            return 0;
        }
        if (!confirmed) {
            out.print("Delete " + dataDir + " with all its data (databases, Kafka, secrets, logs)? [y/N] ");
            out.flush();
            String answer = new BufferedReader(new InputStreamReader(System.in, StandardCharsets.UTF_8)).readLine();
            if (answer == null || !answer.trim().toLowerCase().startsWith("y")) {
                out.println("Nothing deleted.");
                return 1;
            }
        }
        try (Stream<Path> files = Files.walk(dataDir)) {
            for (Path path : files.sorted(Comparator.reverseOrder()).toList()) {
                Files.delete(path);
            }
        }
        out.println("Deleted " + dataDir + ". The next ./slotwise up starts afresh (new secrets, new demo data).");
        return 0;
    }

    /** {@code ready} / {@code not ready} for a service (its readiness), {@code up} / {@code down} for PostgreSQL and Kafka. */
    private static String health(JsonNode component) throws InterruptedException {
        String metrics = component.path("metricsUrl").asText(null);
        if (metrics == null) {
            try (Socket socket = new Socket()) {
                socket.connect(new InetSocketAddress("127.0.0.1", component.path("port").asInt()), 2000);
                return "up";
            } catch (IOException e) {
                return "down";
            }
        }
        String readiness = metrics.substring(0, metrics.length() - "/q/metrics".length()) + "/q/health/ready";
        try {
            int status = HTTP.send(HttpRequest.newBuilder(URI.create(readiness)).timeout(Duration.ofSeconds(3)).build(),
                    HttpResponse.BodyHandlers.discarding()).statusCode();
            return status == 200 ? "ready" : "not ready";
        } catch (IOException e) {
            return "down";
        }
    }

    private static Optional<String> uptime(ProcessHandle process) {
        return process.info().startInstant().map(start -> {
            long seconds = Duration.between(start, Instant.now()).toSeconds();
            return seconds >= 3600 ? "%dh%02dm".formatted(seconds / 3600, seconds % 3600 / 60)
                    : seconds >= 60 ? "%dm%02ds".formatted(seconds / 60, seconds % 60) : seconds + "s";
        });
    }
}
