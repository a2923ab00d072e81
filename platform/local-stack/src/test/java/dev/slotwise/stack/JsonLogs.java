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

    /** An MDC value of a line: under {@code mdc}, or at the top level. */
    static String mdc(JsonNode line, String key) {
        return line.path("mdc").path(key).isMissingNode() ? line.path(key).asText(null) : line.path("mdc").path(key).asText();
    }
}
