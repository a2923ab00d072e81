package dev.slotwise.stack;

import static dev.slotwise.stack.StackApi.JSON;

import com.fasterxml.jackson.databind.JsonNode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/** The JSON lines of a component's log file under the stack's {@code logs/}. */
final class JsonLogs {

    private JsonLogs() {
    }

    static List<JsonNode> lines(Path file) throws IOException {
        List<JsonNode> lines = new ArrayList<>();
        for (String text : Files.readAllLines(file)) {
            if (text.startsWith("{")) {
                lines.add(JSON.readTree(text));
            }
        }
        return lines;
    }

    static List<JsonNode> lines(String component) throws IOException {
        return lines(SharedStack.stack().dataDir().resolve("logs").resolve(component + ".log"));
    }

    /**
     * Whether a line of a component's log is at ERROR (or worse). The logs are JSON lines ({@code "level":"ERROR"});
     * a line that is not JSON (a JVM's own complaint before logging is set up) is read as text, by its level word.
     */
    static boolean isError(String line) {
        String text = line.strip();
        if (text.startsWith("{")) {
            try {
                String level = JSON.readTree(text).path("level").asText("");
                return level.equals("ERROR") || level.equals("FATAL") || level.equals("SEVERE");
            } catch (IOException notJson) {
                // a line cut short, or not JSON after all: read it as text
            }
        }
        return text.matches("(?s).*\\b(ERROR|FATAL|SEVERE)\\b.*");
    }

    /** An MDC value of a line: under {@code mdc}, or at the top level. */
    static String mdc(JsonNode line, String key) {
        return line.path("mdc").path(key).isMissingNode() ? line.path(key).asText(null) : line.path("mdc").path(key).asText();
    }
}
