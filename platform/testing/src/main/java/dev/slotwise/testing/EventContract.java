package dev.slotwise.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.Iterator;
import java.util.List;
import java.util.Map;
import java.util.concurrent.ConcurrentHashMap;

/**
 * The events' AsyncAPI description ({@code api/asyncapi.yaml}, beside the API description) as a judge of one Kafka
 * record: the topic must be a described channel, the value a message of that channel (chosen by its {@code type}),
 * and the value must fit the message's payload schema — the envelope, closed to undocumented fields, with the data
 * schemas of the API description, closed the same way ({@link ApiContract}). The tests that follow a topic
 * ({@link KafkaEvents}) hold every record they look at to it.
 */
public final class EventContract {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static volatile EventContract described;
    /** A channel whose message is not one typed event (a dead-letter topic carries whatever could not be applied). */
    private static final String ANY = "*";

    private final JsonSchemaFactory factory = ContractSchemas.factory();
    private final SchemaValidatorsConfig config = ContractSchemas.config();
    /** topic → event type → the pointer of its payload schema in the copy. */
    private final Map<String, Map<String, String>> channels;
    private final String location;
    private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();

    private EventContract(Map<String, Map<String, String>> channels, String location) {
        this.channels = channels;
        this.location = location;
    }

    public static EventContract described() {
        EventContract contract = described;
        if (contract == null) {
            synchronized (EventContract.class) {
                if (described == null) {
                    described = read(ApiDescriptionConformance.DESCRIPTION.resolveSibling("asyncapi.yaml"));
                }
                contract = described;
            }
        }
        return contract;
    }

    static EventContract read(java.nio.file.Path description) {
        try {
            JsonNode document = new YAMLMapper().readTree(Files.readAllBytes(description));
            java.nio.file.Path copy = ApiContract.described().strictCopy().resolveSibling("asyncapi.json");
            JSON.writeValue(copy.toFile(), document);
            copy.toFile().deleteOnExit();
            Map<String, Map<String, String>> channels = new HashMap<>();
            for (Iterator<JsonNode> each = document.path("channels").elements(); each.hasNext(); ) {
                JsonNode channel = each.next();
                Map<String, String> messages = new HashMap<>();
                for (Iterator<JsonNode> refs = channel.path("messages").elements(); refs.hasNext(); ) {
                    JsonNode message = document.at(refs.next().path("$ref").asText().substring(1));
                    String payload = message.path("payload").path("$ref").asText();
                    String type = payload.startsWith("#/") ? document.at(payload.substring(1)).path("properties")
                            .path("type").path("const").asText("") : "";
                    messages.put(type.isEmpty() ? ANY : type, payload.startsWith("#/") ? payload.substring(1) : ANY);
                }
                channels.put(channel.path("address").asText(), messages);
            }
            return new EventContract(Map.copyOf(channels), copy.toUri().toString());
        } catch (IOException e) {
            throw new UncheckedIOException("the events' description is read from " + description.toAbsolutePath(), e);
        }
    }

    /** What in the record disagrees with the description; empty when nothing does. */
    public List<String> problems(String topic, String value) {
        List<String> problems = new ArrayList<>();
        Map<String, String> messages = channels.get(topic);
        if (messages == null) {
            problems.add("topic " + topic + " is not described");
            return problems;
        }
        if (messages.containsKey(ANY)) {
            return problems;
        }
        JsonNode event;
        try {
            event = JSON.readTree(value);
        } catch (IOException e) {
            problems.add(topic + ": a record that is not JSON");
            return problems;
        }
        String type = event.path("type").asText();
        String pointer = messages.get(type);
        if (pointer == null) {
            problems.add(topic + ": type '" + type + "' is not a message of this channel " + messages.keySet());
            return problems;
        }
        JsonSchema schema = schemas.computeIfAbsent(pointer,
                p -> factory.getSchema(SchemaLocation.of(location + "#" + p), config));
        for (ValidationMessage message : schema.validate(event)) {
            problems.add(topic + " " + type + " " + event.path("id").asText() + ": " + message.getMessage());
        }
        return problems;
    }
}
