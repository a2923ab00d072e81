package dev.slotwise.testing;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.node.ObjectNode;
import com.fasterxml.jackson.databind.node.TextNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import com.networknt.schema.JsonSchema;
import com.networknt.schema.JsonSchemaFactory;
import com.networknt.schema.SchemaLocation;
import com.networknt.schema.SchemaValidatorsConfig;
import com.networknt.schema.ValidationMessage;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.URLDecoder;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * The API description (CONTRACT §12) as a judge of one HTTP exchange: the answer's status must be described for the
 * operation, its media type and body must fit the described schema, and a request the service accepted (2xx) must
 * fit the description too — its body, its path parameters and its query parameters. So a field renamed in code, a
 * status the description does not know, or a parameter it does not document fails the test that sent the request.
 *
 * <p>Answers are held to exactly the documented fields: every object schema of the description's paths is read here
 * as if it said {@code additionalProperties: false}. Clients are told to ignore fields they do not know; the services
 * are held to the description so that the description stays complete. Paths the description does not have (a
 * service's {@code /internal} and test resources) are not judged, except that a 2xx under {@code /api/} is an
 * undocumented operation.
 */
public final class ApiContract {

    private static final ObjectMapper JSON = new ObjectMapper();
    private static final List<String> METHODS = List.of("get", "post", "put", "patch", "delete");
    private static final Pattern TEMPLATE_PARAMETER = Pattern.compile("\\{([^/}]+)}");
    private static volatile ApiContract described;

    private final JsonNode document;
    private final List<Route> routes;
    private final JsonSchemaFactory factory;
    /** A query parameter in the deepObject style: {@code name[key]}. */
    private static final Pattern DEEP_OBJECT = Pattern.compile("([^\\[\\]]+)\\[([^\\[\\]]*)\\]");
    /** Where the schemas of parameters and bodies are gathered in the copy, each under a plain name. */
    private static final String GATHERED = "x-contract-schemas";
    private final java.nio.file.Path strictCopy;
    private final String location;
    private final Map<String, String> targets;
    private final SchemaValidatorsConfig config = ContractSchemas.config();
    private final Map<String, JsonSchema> schemas = new ConcurrentHashMap<>();

    /** One HTTP exchange as a client saw it. Bodies may be empty, never null. */
    public record Exchange(String method, String path, String query, String requestContentType, byte[] requestBody,
                           int status, String responseContentType, byte[] responseBody) {
    }

    private record Route(String template, Pattern pattern, List<String> parameterNames, String pointer, JsonNode item) {
    }

    private ApiContract(JsonNode document, java.nio.file.Path strictCopy, Map<String, String> targets) {
        this.document = document;
        this.strictCopy = strictCopy;
        this.location = strictCopy.toUri().toString();
        this.targets = Map.copyOf(targets);
        this.factory = ContractSchemas.factory();
        List<Route> found = new ArrayList<>();
        for (Iterator<Map.Entry<String, JsonNode>> paths = document.path("paths").fields(); paths.hasNext(); ) {
            Map.Entry<String, JsonNode> path = paths.next();
            List<String> names = new ArrayList<>();
            Matcher parameter = TEMPLATE_PARAMETER.matcher(path.getKey());
            StringBuilder regex = new StringBuilder();
            int last = 0;
            while (parameter.find()) {
                regex.append(Pattern.quote(path.getKey().substring(last, parameter.start()))).append("([^/]+)");
                names.add(parameter.group(1));
                last = parameter.end();
            }
            regex.append(Pattern.quote(path.getKey().substring(last)));
            found.add(new Route(path.getKey(), Pattern.compile(regex.toString()), names,
                    "/paths/" + escape(path.getKey()), path.getValue()));
        }
        // a literal segment wins over a parameter: /api/v1/x/export before /api/v1/x/{id}
        found.sort(Comparator.comparingInt(route -> route.parameterNames().size()));
        this.routes = List.copyOf(found);
    }

    /** The description the gateway serves, read once per class loader. */
    public static ApiContract described() {
        ApiContract contract = described;
        if (contract == null) {
            synchronized (ApiContract.class) {
                if (described == null) {
                    described = read(ApiDescriptionConformance.DESCRIPTION);
                }
                contract = described;
            }
        }
        return contract;
    }

    static ApiContract read(java.nio.file.Path description) {
        try {
            JsonNode document = new YAMLMapper().readTree(Files.readAllBytes(description));
            JsonNode strict = strictAnswers(document.deepCopy());
            Map<String, String> targets = new LinkedHashMap<>();
            ObjectNode gathered = JSON.createObjectNode();
            gatherSchemas(strict, "", gathered, targets);
            ((ObjectNode) strict).set(GATHERED, gathered);
            java.nio.file.Path directory = Files.createTempDirectory("slotwise-contract");
            java.nio.file.Path copy = directory.resolve(description.getFileName().toString());
            JSON.writeValue(copy.toFile(), strict);
            directory.toFile().deleteOnExit();
            copy.toFile().deleteOnExit();
            return new ApiContract(strict, copy, targets);
        } catch (IOException e) {
            throw new UncheckedIOException("the API description is read from " + description.toAbsolutePath(), e);
        }
    }

    /**
     * The description as the checks read it (JSON, every object schema closed), under its own file name, so that a
     * document beside it (the events' AsyncAPI description) can refer to its schemas as {@code ./openapi.yaml#/…}.
     */
    java.nio.file.Path strictCopy() {
        return strictCopy;
    }

    /** What in the exchange disagrees with the description; empty when nothing does. */
    public List<String> problems(Exchange exchange) {
        return problems(exchange, null);
    }

    /**
     * The same, for the operations of one owning service only ({@code x-slotwise-service}); {@code null}: all. The
     * gateway's tests answer the services' routes from stubs, so only the gateway's own operations are judged there.
     */
    public List<String> problems(Exchange exchange, String owner) {
        String method = exchange.method().toLowerCase(Locale.ROOT);
        boolean accepted = exchange.status() >= 200 && exchange.status() < 300;
        String what = exchange.method() + " " + exchange.path() + " → " + exchange.status();
        Route route = null;
        Matcher values = null;
        for (Route candidate : routes) {
            Matcher matcher = candidate.pattern().matcher(exchange.path());
            if (matcher.matches() && (route == null || candidate.item().has(method))) {
                route = candidate;
                values = matcher;
                if (candidate.item().has(method)) {
                    break;
                }
            }
        }
        List<String> problems = new ArrayList<>();
        if (owner != null && (route == null || !owner.equals(route.item().path("x-slotwise-service").asText()))) {
            return problems;
        }
        if (route == null || !route.item().has(method)) {
            if (accepted && exchange.path().startsWith("/api/")) {
                problems.add(what + ": the description has no such operation");
            }
            return problems;
        }
        String operationPointer = route.pointer() + "/" + method;
        JsonNode operation = route.item().get(method);
        answer(what, operation, operationPointer, exchange, problems);
        if (accepted) {
            request(what, route, values, operation, operationPointer, exchange, problems);
        }
        return problems;
    }

    /**
     * What in a webhook delivery disagrees with the description's {@code webhooks}: the event type must be one of
     * them, the body must fit its schema, and every required header (the signatures) must be there.
     *
     * @param headers the delivery's headers, looked up without regard to case
     */
    public List<String> webhookProblems(Map<String, String> headers, String body) {
        List<String> problems = new ArrayList<>();
        JsonNode event;
        try {
            event = JSON.readTree(body);
        } catch (IOException e) {
            problems.add("a webhook body that is not JSON");
            return problems;
        }
        String type = event.path("type").asText();
        String pointer = "/webhooks/" + escape(type) + "/post";
        JsonNode operation = document.at(pointer);
        if (operation.isMissingNode()) {
            problems.add("webhook type '" + type + "' is not described");
            return problems;
        }
        String what = "webhook " + type;
        Map<String, Located> parameters = new LinkedHashMap<>();
        collectParameters(pointer + "/parameters", operation.path("parameters"), parameters);
        for (Map.Entry<String, Located> parameter : parameters.entrySet()) {
            JsonNode described = parameter.getValue().node();
            String name = described.path("name").asText();
            if (parameter.getKey().startsWith("header:") && described.path("required").asBoolean(false)) {
                String value = headers.get(name);
                if (value == null) {
                    problems.add(what + ": required header " + name + " is missing");
                } else {
                    validateParameter(what + ", header " + name, parameter.getValue(), value, problems);
                }
            }
        }
        Located requestBody = resolve(new Located(pointer + "/requestBody", operation.path("requestBody")));
        validate(what + ", body", requestBody.pointer() + "/content/application~1json/schema",
                requestBody.node().path("content").path("application/json").path("schema"),
                body.getBytes(java.nio.charset.StandardCharsets.UTF_8), problems);
        return problems;
    }

    private void answer(String what, JsonNode operation, String operationPointer, Exchange exchange,
                        List<String> problems) {
        JsonNode responses = operation.path("responses");
        String status = String.valueOf(exchange.status());
        String key = responses.has(status) ? status
                : responses.has(status.charAt(0) + "XX") ? status.charAt(0) + "XX"
                : responses.has("default") ? "default" : null;
        if (key == null) {
            problems.add(what + ": the status is not described for this operation (described: "
                    + fieldNames(responses) + ")");
            return;
        }
        Located response = resolve(new Located(operationPointer + "/responses/" + escape(key), responses.get(key)));
        JsonNode content = response.node().path("content");
        if (content.isEmpty()) {
            if (exchange.responseBody().length > 0) {
                problems.add(what + ": the description gives this answer no body, it has "
                        + exchange.responseBody().length + " bytes");
            }
            return;
        }
        String mediaType = mediaType(exchange.responseContentType());
        if (!content.has(mediaType)) {
            problems.add(what + ": answered as '" + mediaType + "', described as " + fieldNames(content));
            return;
        }
        if (mediaType.startsWith("text/")) {
            // a text answer (text/calendar) is its schema's string, judged as one: never parsed as JSON
            for (ValidationMessage message : schema(response.pointer() + "/content/" + escape(mediaType) + "/schema",
                    content.get(mediaType).path("schema"))
                    .validate(TextNode.valueOf(new String(exchange.responseBody(), StandardCharsets.UTF_8)))) {
                problems.add(what + ", answer body: " + message.getMessage());
            }
            return;
        }
        validate(what + ", answer body", response.pointer() + "/content/" + escape(mediaType) + "/schema",
                content.get(mediaType).path("schema"), exchange.responseBody(), problems);
    }

    private void request(String what, Route route, Matcher values, JsonNode operation, String operationPointer,
                         Exchange exchange, List<String> problems) {
        Map<String, Located> parameters = new LinkedHashMap<>();
        collectParameters(route.pointer() + "/parameters", route.item().path("parameters"), parameters);
        collectParameters(operationPointer + "/parameters", operation.path("parameters"), parameters);
        for (int i = 0; i < route.parameterNames().size(); i++) {
            String name = route.parameterNames().get(i);
            Located parameter = parameters.get("path:" + name);
            if (parameter == null) {
                problems.add(what + ": path parameter " + name + " is not described");
                continue;
            }
            validateParameter(what + ", path parameter " + name, parameter, decode(values.group(i + 1)), problems);
        }
        Set<String> sent = new HashSet<>();
        if (exchange.query() != null && !exchange.query().isEmpty()) {
            for (String pair : exchange.query().split("&")) {
                int equals = pair.indexOf('=');
                String name = decode(equals < 0 ? pair : pair.substring(0, equals));
                String value = equals < 0 ? "" : decode(pair.substring(equals + 1));
                Located parameter = parameters.get("query:" + name);
                Matcher deep = DEEP_OBJECT.matcher(name);
                Located object = deep.matches() ? parameters.get("query:" + deep.group(1)) : null;
                if (parameter == null && object != null && "deepObject".equals(object.node().path("style").asText())) {
                    // metadata[crmId]=4711 is the object {"crmId": "4711"} of the parameter metadata (CONTRACT §19)
                    JsonNode schema = object.node().path("schema");
                    for (ValidationMessage message : schema(object.pointer() + "/schema", schema)
                            .validate(JSON.createObjectNode().put(deep.group(2), value))) {
                        problems.add(what + ", query parameter " + name + " '" + value + "': " + message.getMessage());
                    }
                } else if (parameter == null) {
                    problems.add(what + ": query parameter '" + name + "' is not described");
                } else if (sent.add(name)) {
                    validateParameter(what + ", query parameter " + name, parameter, value, problems);
                }
            }
        }
        JsonNode body = operation.path("requestBody");
        if (body.isMissingNode()) {
            if (exchange.requestBody().length > 0) {
                problems.add(what + ": the description takes no request body, one was accepted");
            }
            return;
        }
        Located requestBody = resolve(new Located(operationPointer + "/requestBody", body));
        if (exchange.requestBody().length == 0) {
            if (requestBody.node().path("required").asBoolean(false)) {
                problems.add(what + ": accepted without the required request body");
            }
            return;
        }
        String mediaType = mediaType(exchange.requestContentType());
        JsonNode content = requestBody.node().path("content");
        if (!content.has(mediaType)) {
            problems.add(what + ": request sent as '" + mediaType + "' accepted, described as " + fieldNames(content));
            return;
        }
        validate(what + ", request body", requestBody.pointer() + "/content/" + escape(mediaType) + "/schema",
                content.get(mediaType).path("schema"), exchange.requestBody(), problems);
    }

    private void collectParameters(String pointer, JsonNode list, Map<String, Located> into) {
        for (int i = 0; i < list.size(); i++) {
            Located parameter = resolve(new Located(pointer + "/" + i, list.get(i)));
            into.put(parameter.node().path("in").asText() + ":" + parameter.node().path("name").asText(), parameter);
        }
    }

    private void validateParameter(String what, Located parameter, String value, List<String> problems) {
        JsonNode schema = parameter.node().path("schema");
        JsonNode typed = typed(schema, value);
        Set<ValidationMessage> messages = schema(parameter.pointer() + "/schema", schema).validate(typed);
        for (ValidationMessage message : messages) {
            problems.add(what + " '" + value + "': " + message.getMessage());
        }
    }

    /** A parameter's text as the JSON value its schema describes, where it reads as one. */
    private static JsonNode typed(JsonNode schema, String value) {
        String type = schema.path("type").isArray() ? schema.path("type").path(0).asText() : schema.path("type").asText();
        try {
            return switch (type) {
                case "integer", "number", "boolean" -> JSON.readTree(value);
                default -> TextNode.valueOf(value);
            };
        } catch (IOException notThatType) {
            return TextNode.valueOf(value);
        }
    }

    private void validate(String what, String pointer, JsonNode schemaNode, byte[] body, List<String> problems) {
        JsonNode instance;
        try {
            instance = body.length == 0 ? null : JSON.readTree(body);
        } catch (IOException e) {
            instance = null;
        }
        if (instance == null) {
            problems.add(what + ": not JSON (" + body.length + " bytes)");
            return;
        }
        for (ValidationMessage message : schema(pointer, schemaNode).validate(instance)) {
            problems.add(what + ": " + message.getMessage());
        }
    }

    private JsonSchema schema(String pointer, JsonNode node) {
        String name = targets.get(pointer);
        if (name == null) {
            throw new IllegalStateException("no schema gathered at " + pointer);
        }
        return schemas.computeIfAbsent(name, n -> factory.getSchema(
                SchemaLocation.of(location + "#/" + GATHERED + "/" + n), config));
    }

    /**
     * Copies every parameter and body schema (a {@code schema} field outside the component schemas) under a plain
     * name, so that the validator addresses it with a simple pointer and its {@code $ref}s resolve in the document.
     */
    private static void gatherSchemas(JsonNode node, String pointer, ObjectNode gathered, Map<String, String> targets) {
        if (pointer.equals("/components/schemas")) {
            return;
        }
        if (node.isObject()) {
            for (Iterator<Map.Entry<String, JsonNode>> fields = node.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                String at = pointer + "/" + escape(field.getKey());
                if (field.getKey().equals("schema") && field.getValue().isObject()) {
                    String name = "s" + targets.size();
                    targets.put(at, name);
                    gathered.set(name, field.getValue());
                } else {
                    gatherSchemas(field.getValue(), at, gathered, targets);
                }
            }
        } else if (node.isArray()) {
            for (int i = 0; i < node.size(); i++) {
                gatherSchemas(node.get(i), pointer + "/" + i, gathered, targets);
            }
        }
    }

    private record Located(String pointer, JsonNode node) {
    }

    private Located resolve(Located located) {
        Located current = located;
        for (int hops = 0; current.node().has("$ref") && hops < 8; hops++) {
            String ref = current.node().get("$ref").asText();
            if (!ref.startsWith("#/")) {
                throw new IllegalStateException("only local references are read here: " + ref);
            }
            String pointer = ref.substring(1);
            current = new Located(pointer, document.at(pointer));
        }
        return current;
    }

    /**
     * The description with every object schema of its paths and components closed to undocumented fields, except
     * the schemas that are parts of an {@code allOf} (closing a part would refuse the other parts' fields).
     */
    static JsonNode strictAnswers(JsonNode document) {
        Set<String> parts = new HashSet<>();
        collectAllOfParts(document, parts);
        close(document.path("paths"), parts, false);
        for (Iterator<Map.Entry<String, JsonNode>> entries = document.path("components").path("schemas").fields();
             entries.hasNext(); ) {
            Map.Entry<String, JsonNode> schema = entries.next();
            close(schema.getValue(), parts, parts.contains("#/components/schemas/" + schema.getKey()));
        }
        return document;
    }

    private static void collectAllOfParts(JsonNode node, Set<String> parts) {
        if (node.isObject()) {
            JsonNode allOf = node.get("allOf");
            if (allOf != null && allOf.isArray()) {
                allOf.forEach(part -> {
                    if (part.has("$ref")) {
                        parts.add(part.get("$ref").asText());
                    }
                });
            }
        }
        if (node.isContainerNode()) {
            node.forEach(child -> collectAllOfParts(child, parts));
        }
    }

    private static void close(JsonNode node, Set<String> parts, boolean isPart) {
        if (!node.isContainerNode()) {
            return;
        }
        if (node.isObject()) {
            ObjectNode object = (ObjectNode) node;
            if (!isPart && object.path("properties").isObject() && !object.has("additionalProperties")
                    && !object.has("unevaluatedProperties") && !object.has("allOf")) {
                object.put("additionalProperties", false);
            }
            for (Iterator<Map.Entry<String, JsonNode>> fields = object.fields(); fields.hasNext(); ) {
                Map.Entry<String, JsonNode> field = fields.next();
                if (field.getKey().equals("example") || field.getKey().equals("examples")) {
                    continue;
                }
                close(field.getValue(), parts, field.getKey().equals("allOf"));
            }
        } else {
            node.forEach(child -> close(child, parts, isPart));
        }
    }

    private static String mediaType(String contentType) {
        if (contentType == null || contentType.isBlank()) {
            return "";
        }
        int semicolon = contentType.indexOf(';');
        return (semicolon < 0 ? contentType : contentType.substring(0, semicolon)).trim().toLowerCase(Locale.ROOT);
    }

    private static String fieldNames(JsonNode node) {
        List<String> names = new ArrayList<>();
        node.fieldNames().forEachRemaining(names::add);
        return names.toString();
    }

    private static String escape(String token) {
        return token.replace("~", "~0").replace("/", "~1");
    }

    private static String decode(String text) {
        return URLDecoder.decode(text, StandardCharsets.UTF_8);
    }
}
