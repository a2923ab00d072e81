package dev.slotwise.stack;

import static org.assertj.core.api.Assertions.assertThat;

import dev.slotwise.testing.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The local-stack commands as a person uses them (issue 22): {@code ./slotwise up} in one terminal, then
 * {@code status}, {@code logs}, {@code down} and {@code reset} from another, through the real script.
 */
@Timeout(value = 6, unit = TimeUnit.MINUTES)
class StackCliIT {

    private static final HttpClient HTTP = HttpClient.newHttpClient();
    private static final Path HOME = Path.of(System.getProperty("slotwise.home", "../..")).toAbsolutePath().normalize();
    private static final List<String> COMPONENTS = List.of("postgresql", "kafka", "api-gateway", "customer-service",
            "appointment-service", "catalog-staff-service", "pos-payment-service", "webhook-dispatcher");

    private record Run(int exit, String output) {
    }

    @Test
    void statusLogsDownAndResetManageAStackStartedInAnotherTerminal() throws Exception {
        Path data = Files.createTempDirectory("slotwise-cli-it-").resolve("data");
        Path upOutput = Files.createTempFile("slotwise-cli-it-up-", ".txt");
        int port = FreePorts.next();
        Process up = command(data, port, "up").redirectErrorStream(true).redirectOutput(upOutput.toFile()).start();
        try {
            awaitReady(up, upOutput);
            assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(data))).isEqualTo("rwx------");
            try (var secrets = Files.list(data.resolve("secrets"))) {
                for (Path secret : secrets.toList()) {
                    assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(secret)))
                            .as(secret.getFileName().toString()).isEqualTo("rw-------");
                }
            }

            Run status = run(data, port, null, "status");
            assertThat(status.exit()).as(status.output()).isZero();
            assertThat(status.output()).contains("http://localhost:" + port).contains("logs: " + data.resolve("logs"));
            for (String component : COMPONENTS) {
                assertThat(status.output().lines().filter(line -> line.startsWith(component + " ")).findFirst())
                        .as(component + " in\n" + status.output())
                        .hasValueSatisfying(line -> assertThat(line).containsPattern(" (ready|up) "));
            }

            // a service that dies is started again by up, and stack.json names its new process
            long crashed = pid(data, "customer-service");
            ProcessHandle.of(crashed).orElseThrow().destroyForcibly();
            long deadline = System.nanoTime() + Duration.ofMinutes(2).toNanos();
            while (pid(data, "customer-service") == crashed || run(data, port, null, "status").exit() != 0) {
                assertThat(System.nanoTime()).as("customer-service back within 2 minutes; up wrote:\n"
                        + Files.readString(upOutput)).isLessThan(deadline);
                Thread.sleep(1000);
            }
            assertThat(Files.readString(upOutput)).contains("customer-service has stopped; starting it again")
                    .contains("customer-service is running again");

            // up's demo tenant, and another from `seed`: three customers each, and staff with hours to book
            String demoKey = Files.readString(data.resolve("secrets/demo-api-key")).trim();
            assertThat(get(port, "/api/v1/customers", demoKey).path("data")).hasSize(3);
            Run seed = run(data, port, null, "seed");
            assertThat(seed.exit()).as(seed.output()).isZero();
            Matcher seededKey = Pattern.compile("API key \\(all scopes\\): (swk_[0-9a-f]{64})").matcher(seed.output());
            assertThat(seededKey.find()).as(seed.output()).isTrue();
            assertThat(get(port, "/api/v1/customers", seededKey.group(1)).path("data")).hasSize(3);
            String service = get(port, "/api/v1/services", seededKey.group(1)).path("data").get(0).path("id").asText();
            String monday = java.time.LocalDate.now(java.time.ZoneOffset.UTC)
                    .with(java.time.temporal.TemporalAdjusters.next(java.time.DayOfWeek.MONDAY)) + "T00:00:00Z";
            String tuesday = monday.replace("T00", "T23");
            assertThat(get(port, "/api/v1/availability?serviceId=" + service + "&from=" + monday + "&to=" + tuesday,
                    seededKey.group(1)).path("data")).as("slots on a Monday").isNotEmpty();

            webhooksListenPrintsEventsWithVerifiedSignaturesAndCleansUp(data, port);

            Run logs = run(data, port, null, "logs", "customer-service");
            assertThat(logs.exit()).isZero();
            assertThat(logs.output().lines().filter(line -> line.startsWith("{"))).isNotEmpty();
            assertThat(run(data, port, null, "logs", "no-such-service").exit()).isEqualTo(1);

            Run refused = run(data, port, null, "reset", "--yes");
            assertThat(refused.exit()).isEqualTo(1);
            assertThat(refused.output()).contains("stop it first");
            assertThat(data).exists();

            Run down = run(data, port, null, "down");
            assertThat(down.exit()).as(down.output()).isZero();
            assertThat(down.output()).contains("Stopped.");
            assertThat(up.waitFor(30, TimeUnit.SECONDS)).as("up has exited").isTrue();
            assertThat(Files.readString(upOutput)).contains("[slotwise] stopped");

            Run stopped = run(data, port, null, "status");
            assertThat(stopped.exit()).isEqualTo(3);
            assertThat(stopped.output()).contains("No stack is running");

            Run declined = run(data, port, "n\n", "reset");
            assertThat(declined.exit()).isEqualTo(1);
            assertThat(declined.output()).contains("Nothing deleted");
            assertThat(data).exists();
            Run reset = run(data, port, null, "reset", "--yes");
            assertThat(reset.exit()).as(reset.output()).isZero();
            assertThat(data).doesNotExist();
        } finally {
            if (up.isAlive()) {
                up.destroy();
                if (!up.waitFor(60, TimeUnit.SECONDS)) {
                    up.destroyForcibly();
                }
            }
        }
    }

    /** {@code webhooks listen}: an event created through the API is printed, verified; Ctrl-C removes the endpoint. */
    private static void webhooksListenPrintsEventsWithVerifiedSignaturesAndCleansUp(Path data, int port) throws Exception {
        Path output = Files.createTempFile("slotwise-cli-it-listen-", ".txt");
        Process listen = command(data, port, "webhooks", "listen", "--events", "customer.created")
                .redirectErrorStream(true).redirectOutput(output.toFile()).start();
        try {
            awaitOutput(listen, output, "Ready.");
            Matcher endpoint = Pattern.compile("endpoint (we_[0-9a-z]+)").matcher(Files.readString(output));
            assertThat(endpoint.find()).as(Files.readString(output)).isTrue();
            String key = Files.readString(data.resolve("secrets/demo-api-key")).trim();
            HttpResponse<String> created = HTTP.send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + port + "/api/v1/customers"))
                    .header("Authorization", "Bearer " + key).header("Content-Type", "application/json")
                    .POST(HttpRequest.BodyPublishers.ofString("{\"firstName\":\"Listened\"}")).build(),
                    HttpResponse.BodyHandlers.ofString());
            assertThat(created.statusCode()).isEqualTo(201);
            String customer = StackApi.JSON.readTree(created.body()).path("id").asText();
            awaitOutput(listen, output, customer);
            assertThat(Files.readString(output).lines().filter(line -> line.contains("customer.created")))
                    .anySatisfy(line -> assertThat(line).contains("signature verified"));

            listen.destroy();
            assertThat(listen.waitFor(30, TimeUnit.SECONDS)).isTrue();
            assertThat(Files.readString(output)).contains("Removed the endpoint " + endpoint.group(1));
            HttpResponse<String> endpoints = HTTP.send(HttpRequest.newBuilder(
                    URI.create("http://localhost:" + port + "/api/webhook-endpoints"))
                    .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofString());
            assertThat(endpoints.body()).doesNotContain(endpoint.group(1));
        } finally {
            listen.destroyForcibly();
        }
    }

    private static com.fasterxml.jackson.databind.JsonNode get(int port, String path, String key) throws Exception {
        HttpResponse<String> answer = HTTP.send(HttpRequest.newBuilder(URI.create("http://localhost:" + port + path))
                .header("Authorization", "Bearer " + key).build(), HttpResponse.BodyHandlers.ofString());
        assertThat(answer.statusCode()).as(path + ": " + answer.body()).isEqualTo(200);
        return StackApi.JSON.readTree(answer.body());
    }

    private static void awaitOutput(Process process, Path output, String expected) throws Exception {
        long deadline = System.nanoTime() + Duration.ofSeconds(60).toNanos();
        while (!Files.readString(output).contains(expected)) {
            assertThat(process.isAlive()).as("still running; it wrote:\n" + Files.readString(output)).isTrue();
            assertThat(System.nanoTime()).as("'" + expected + "' within 60 s; it wrote:\n" + Files.readString(output))
                    .isLessThan(deadline);
            Thread.sleep(250);
        }
    }

    private static long pid(Path data, String component) throws IOException {
        for (var node : StackApi.JSON.readTree(data.resolve("stack.json").toFile()).path("components")) {
            if (node.path("name").asText().equals(component)) {
                return node.path("pid").asLong();
            }
        }
        throw new IllegalStateException(component + " is not in stack.json");
    }

    private static ProcessBuilder command(Path data, int port, String... args) {
        List<String> command = new ArrayList<>(List.of(HOME.resolve("slotwise").toString()));
        command.addAll(List.of(args));
        ProcessBuilder builder = new ProcessBuilder(command).directory(HOME.toFile());
        builder.environment().put("SLOTWISE_DATA_DIR", data.toString());
        builder.environment().put("SLOTWISE_HTTP_PORT", String.valueOf(port));
        // the reactor has just built every module; a test never starts a build of its own
        builder.environment().put("SLOTWISE_SKIP_BUILD", "true");
        builder.environment().remove("SLOTWISE_ADMIN_TOKEN");
        return builder;
    }

    private static Run run(Path data, int port, String input, String... args) throws IOException, InterruptedException {
        Process process = command(data, port, args).redirectErrorStream(true).start();
        process.getOutputStream().write(input == null ? new byte[0] : input.getBytes(StandardCharsets.UTF_8));
        process.getOutputStream().close();
        String output = new String(process.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertThat(process.waitFor(120, TimeUnit.SECONDS)).as("./slotwise " + String.join(" ", args)).isTrue();
        return new Run(process.exitValue(), output);
    }

    private static void awaitReady(Process up, Path output) throws Exception {
        long deadline = System.nanoTime() + Duration.ofMinutes(3).toNanos();
        while (!Files.readString(output).contains("Slotwise is ready")) {
            assertThat(up.isAlive()).as("up is running; it wrote:\n" + Files.readString(output)).isTrue();
            assertThat(System.nanoTime()).as("up ready within 3 minutes; it wrote:\n" + Files.readString(output))
                    .isLessThan(deadline);
            Thread.sleep(500);
        }
    }
}
