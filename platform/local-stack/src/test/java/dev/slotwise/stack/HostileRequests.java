package dev.slotwise.stack;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.JsonNodeFactory;
import com.fasterxml.jackson.databind.node.ObjectNode;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.regex.Matcher;

/**
 * Hostile requests against every public route (CONTRACT §5, §8), drawn from a seeded {@link Random}: the same seed
 * gives the same requests. Each starts from a valid request of its route and breaks one thing: a value of the wrong
 * type, a missing or unknown field, a huge or deeply nested value, an odd timestamp or number, another tenant's id,
 * an encoded path, a bad query parameter, a bad Idempotency-Key, or a body that is no JSON at all.
 */
final class HostileRequests {

    /** One request as sent; {@code creates} names the collection a 2xx would add to, or null. */
    record Hostile(String method, String path, String body, String contentType, Map<String, String> headers,
            String creates, String mutation) {

        @Override
        public String toString() {
            String shown = body == null ? "" : body.length() > 160 ? body.substring(0, 160) + "…(" + body.length() + ")" : body;
            return method + " " + (path.length() > 160 ? path.substring(0, 160) + "…" : path) + " [" + mutation + "] " + shown;
        }
    }

    /** The ids of one tenant's things, real ones the requests can point at. */
    record Ids(String customer, String service, String staff, String product, String appointment, String transaction,
            String campaign, String endpoint) {
    }

    private static final JsonNodeFactory NODES = JsonNodeFactory.instance;
    private static final List<String> ODD_TIMESTAMPS = List.of("9999-12-31T23:59:59Z", "+275760-09-13T00:00:00Z",
            "-001000-01-01T00:00:00Z", "0000-01-01T00:00:00Z", "2026-02-30T10:00:00Z", "2026-11-23T25:00:00Z",
            "2026-11-23T10:00:00+25:00", "2026-11-23", "10:00", "", "now", "2026-11-23T10:00:00.123456789123Z",
            "1970-01-01T00:00:00Z");
    private static final List<String> ODD_NUMBERS = List.of("1e309", "-1e309", "-0", "9223372036854775808",
            "-9223372036854775809", "1.5", "1e-400", "2147483648", "-2147483649", "0.0000001", "1E2", "1e100000");
    private static final List<String> NOT_JSON = List.of("{", "[]", "null", "\"text\"", "", "{\"a\":}", "{'a':1}",
            "\u0000", "{\"a\":1}{\"b\":2}", "{\"firstName\":\"\\ud800\"}", "NaN", "{\"a\":NaN}", "{\"a\":Infinity}",
            "\uFEFF{}", "{\"a\":1,}", "<xml/>");
    static final List<String> EPOCH_STRINGS = List.of("1934071200", "1937152800", "1934071200.5", "-1", "0");
    private static final List<String> BAD_IDEMPOTENCY_KEYS = List.of("x".repeat(256), " ", "a,b;c=\"d\"", "\u00e9t\u00e9");

    /**
     * Failed authentications one generator may send (bad credentials, a tenant's key on the operator API): they
     * count against the address (30 a minute, CONTRACT §6), and the tests that share the stack, run from the same
     * address, must not find it throttled.
     */
    private static final int BAD_CREDENTIALS = 5;

    private final Random random;
    private int badCredentials;
    private final Ids mine;
    private final Ids theirs;

    HostileRequests(long seed, Ids mine, Ids theirs) {
        this.random = new Random(seed);
        this.mine = mine;
        this.theirs = theirs;
    }

    Hostile next() {
        return switch (random.nextInt(10)) {
            case 0, 1, 2, 3 -> create();
            case 4, 5 -> patch();
            case 6 -> get();
            case 7 -> list();
            case 8 -> action();
            default -> wrongMethodOrPath();
        };
    }

    // ---- creates: a valid body of the route with one thing broken

    private Hostile create() {
        String collection = pick(List.of("customers", "services", "staff", "products", "appointments", "transactions",
                "reviews", "campaigns", "webhook-endpoints"));
        String path = collection.equals("webhook-endpoints") ? "/api/webhook-endpoints" : "/api/v1/" + collection;
        ObjectNode valid = validCreate(collection);
        Map<String, String> headers = Map.of();
        if (random.nextInt(8) == 0) {
            headers = Map.of("Idempotency-Key", pick(BAD_IDEMPOTENCY_KEYS));
            String body = valid.toString();
            return new Hostile("POST", path, body, "application/json", headers, collection, "bad idempotency key");
        }
        Mutated mutated = mutate(valid, timeFields(collection));
        return new Hostile("POST", path, mutated.body(), mutated.contentType(), headers, collection, mutated.how());
    }

    /** A valid body to create one of {@code collection} (a CONTRACT §5 collection, or webhook-endpoints). */
    ObjectNode validCreate(String collection) {
        ObjectNode body = NODES.objectNode();
        switch (collection) {
            case "customers" -> body.put("firstName", "Fuzz").put("lastName", "Test").put("email", "fuzz@example.com")
                    .put("phone", "+4915112345678").put("notes", "n").put("marketingConsent", true);
            case "services" -> {
                body.put("name", "Cut").put("durationMinutes", 30);
                body.putObject("price").put("amount", 3000).put("currency", "EUR");
            }
            case "staff" -> body.put("name", "Ida");
            case "products" -> {
                body.put("name", "Gel").put("sku", "GL").put("stockQuantity", 10).put("lowStockThreshold", 1);
                body.putObject("price").put("amount", 500).put("currency", "EUR");
            }
            case "appointments" -> body.put("customerId", mine.customer()).put("serviceId", mine.service())
                    .put("staffId", mine.staff()).put("startsAt", "2032-01-0" + (1 + random.nextInt(9)) + "T10:00:00Z");
            case "transactions" -> {
                body.put("customerId", mine.customer());
                body.putArray("items").addObject().put("type", "product").put("refId", mine.product()).put("quantity", 1);
                body.putArray("payments").addObject().put("method", "cash").putObject("amount")
                        .put("amount", 500).put("currency", "EUR");
            }
            case "reviews" -> body.put("customerId", mine.customer()).put("rating", 5).put("comment", "fine");
            case "campaigns" -> body.put("name", "Promo").put("channel", "sms").put("message", "Hi");
            case "webhook-endpoints" -> {
                body.put("url", "http://127.0.0.1:9/fuzz");
                body.putArray("events").add("customer.created");
            }
            default -> throw new IllegalArgumentException(collection);
        }
        return body;
    }

    private static List<String> timeFields(String collection) {
        return collection.equals("appointments") ? List.of("startsAt") : List.of();
    }

    private record Mutated(String body, String contentType, String how) {
    }

    /** One thing broken in a valid body. */
    private Mutated mutate(ObjectNode valid, List<String> timeFields) {
        List<String> fields = new ArrayList<>();
        valid.fieldNames().forEachRemaining(fields::add);
        String field = pick(fields);
        ObjectNode body = valid.deepCopy();
        switch (random.nextInt(15)) {
            case 0 -> {
                body.set(field, wrongType(body.get(field)));
                return json(body, "wrong type of " + field);
            }
            case 1 -> {
                body.remove(field);
                return json(body, "without " + field);
            }
            case 2 -> {
                body.put("unexpected" + random.nextInt(100), "x");
                return json(body, "unknown field");
            }
            case 3 -> {
                body.put(field, "x".repeat(100_000 + random.nextInt(200_000)));
                return json(body, "huge " + field);
            }
            case 4 -> {
                int depth = 500 + random.nextInt(20_000);
                String nested = "[".repeat(depth) + "]".repeat(depth);
                return new Mutated(body.toString().replaceFirst("\"" + field + "\":[^,}]*",
                        "\"" + field + "\":" + Matcher.quoteReplacement(nested)),
                        "application/json", "nested " + depth + " deep in " + field);
            }
            case 5 -> {
                String target = timeFields.isEmpty() ? field : pick(timeFields);
                body.put(target, pick(ODD_TIMESTAMPS));
                return json(body, "odd timestamp in " + target);
            }
            case 6 -> {
                String number = pick(ODD_NUMBERS);
                return new Mutated(body.toString().replaceFirst("\"" + field + "\":[^,}]*", "\"" + field + "\":" + number),
                        "application/json", "odd number " + number + " in " + field);
            }
            case 7 -> {
                return new Mutated(pick(NOT_JSON), "application/json", "not JSON");
            }
            case 8 -> {
                body.put(field, "a\u0000b");
                return json(body, "NUL in " + field);
            }
            case 9 -> {
                // another tenant's ids wherever an id goes
                replaceIds(body);
                return json(body, "another tenant's ids");
            }
            case 10 -> {
                return new Mutated(valid.toString(), pick(List.of("text/plain", "application/x-www-form-urlencoded",
                        "multipart/form-data; boundary=x", "application/xml", "application/json; charset=latin1")),
                        "wrong content type");
            }
            case 11 -> {
                body.putNull(field);
                return json(body, "null " + field);
            }
            case 13 -> {
                // issue 34: Jackson read the first value and ignored the rest
                return new Mutated(body + pick(List.of("{}", "{\"" + field + "\":1}", " []", "x", "null", "1")),
                        "application/json", "a second value after the body");
            }
            case 14 -> {
                // issue 34: a string of epoch seconds was read as a timestamp
                String target = timeFields.isEmpty() ? field : pick(timeFields);
                body.put(target, pick(EPOCH_STRINGS));
                return json(body, "epoch seconds as a string in " + target);
            }
            default -> {
                return new Mutated(NODES.arrayNode().add(body).toString(), "application/json", "array instead of object");
            }
        }
    }

    private JsonNode wrongType(JsonNode value) {
        List<JsonNode> wrong = new ArrayList<>(List.of(NODES.numberNode(42), NODES.textNode("42"), NODES.booleanNode(true),
                NODES.arrayNode().add(1), NODES.objectNode().put("a", 1), NODES.numberNode(1.5)));
        wrong.removeIf(candidate -> value != null && candidate.getNodeType() == value.getNodeType());
        return pick(wrong);
    }

    private void replaceIds(ObjectNode body) {
        Map<String, String> theirsByField = Map.of("customerId", theirs.customer(), "serviceId", theirs.service(),
                "staffId", theirs.staff(), "appointmentId", theirs.appointment(), "refId", theirs.product());
        List<String> names = new ArrayList<>();
        body.fieldNames().forEachRemaining(names::add);
        for (String name : names) {
            if (theirsByField.containsKey(name)) {
                body.put(name, theirsByField.get(name));
            }
        }
        JsonNode items = body.get("items");
        if (items != null && items.isArray()) {
            items.forEach(item -> ((ObjectNode) item).put("refId", theirs.product()));
        }
        body.put("customerId", theirs.customer());
    }

    private Mutated json(ObjectNode body, String how) {
        return new Mutated(body.toString(), "application/json", how);
    }

    // ---- patches, reads, lists, actions

    private Hostile patch() {
        String collection = pick(List.of("customers", "services", "staff", "appointments", "webhook-endpoints"));
        String id = switch (collection) {
            case "customers" -> pickId(mine.customer(), theirs.customer(), "cus");
            case "services" -> pickId(mine.service(), theirs.service(), "svc");
            case "staff" -> pickId(mine.staff(), theirs.staff(), "stf");
            case "appointments" -> pickId(mine.appointment(), theirs.appointment(), "appt");
            default -> pickId(mine.endpoint(), theirs.endpoint(), "we");
        };
        String base = collection.equals("webhook-endpoints") ? "/api/webhook-endpoints/" : "/api/v1/" + collection + "/";
        ObjectNode valid = validPatch(collection);
        Mutated mutated = mutate(valid, collection.equals("appointments") ? List.of("startsAt") : List.of());
        return new Hostile("PATCH", base + id, mutated.body(), random.nextBoolean() ? "application/merge-patch+json"
                : mutated.contentType(), Map.of(), null, "patch: " + mutated.how());
    }

    /** A valid merge patch of one of {@code collection} (those with a PATCH route). */
    static ObjectNode validPatch(String collection) {
        return switch (collection) {
            case "customers" -> NODES.objectNode().put("firstName", "Patched").put("email", "patched@example.com");
            case "services" -> NODES.objectNode().put("durationMinutes", 45);
            case "staff" -> NODES.objectNode().put("name", "Patched");
            case "appointments" -> NODES.objectNode().put("startsAt", "2033-01-01T10:00:00Z");
            default -> NODES.objectNode().put("description", "patched");
        };
    }

    private Hostile get() {
        String path = pick(List.of(
                "/api/v1/customers/" + pickId(mine.customer(), theirs.customer(), "cus"),
                "/api/v1/appointments/" + pickId(mine.appointment(), theirs.appointment(), "appt"),
                "/api/v1/services/" + pickId(mine.service(), theirs.service(), "svc"),
                "/api/v1/staff/" + pickId(mine.staff(), theirs.staff(), "stf"),
                "/api/v1/products/" + pickId(mine.product(), theirs.product(), "prd"),
                "/api/v1/transactions/" + pickId(mine.transaction(), theirs.transaction(), "txn"),
                "/api/v1/payments/" + hostileId("pay"),
                "/api/v1/campaigns/" + pickId(mine.campaign(), theirs.campaign(), "cmp"),
                "/api/webhook-endpoints/" + pickId(mine.endpoint(), theirs.endpoint(), "we"),
                "/api/webhook-endpoints/" + pickId(mine.endpoint(), theirs.endpoint(), "we") + "/deliveries/"
                        + pick(List.of("00000000-0000-0000-0000-000000000000", "not-a-uuid", "%00", hostileId("x")))));
        return new Hostile("GET", path, null, null, Map.of(), null, "get");
    }

    private Hostile list() {
        String collection = pick(List.of("customers", "appointments", "services", "staff", "products", "transactions",
                "payments", "reviews", "campaigns"));
        String query = pick(List.of("limit=-1", "limit=0", "limit=101", "limit=abc", "limit=1e3", "limit=",
                "cursor=garbage", "cursor=" + "A".repeat(5000), "cursor=%00", "from=yesterday", "from=9999-12-31T23:59:59Z",
                "to=2020-01-01T00:00:00Z&from=2030-01-01T00:00:00Z", "status=weird", "staffId=" + theirs.staff(),
                "customerId=%00", "customerId=" + "x".repeat(3000), "limit=1&limit=2", "from=%2B275760-09-13T00:00:00Z",
                "%25ZZ=1", "limit=99999999999999999999"));
        return new Hostile("GET", "/api/v1/" + collection + "?" + query, null, null, Map.of(), null, "list");
    }

    private Hostile action() {
        String path = pick(List.of(
                "/api/v1/appointments/" + pickId(null, theirs.appointment(), "appt") + "/cancel",
                "/api/v1/appointments/" + pickId(null, theirs.appointment(), "appt") + "/complete",
                "/api/v1/staff/" + pickId(null, theirs.staff(), "stf") + "/check-in",
                "/api/v1/transactions/" + pickId(null, theirs.transaction(), "txn") + "/refund",
                "/api/v1/campaigns/" + pickId(null, theirs.campaign(), "cmp") + "/send",
                "/api/webhook-endpoints/" + pickId(null, theirs.endpoint(), "we") + "/ping",
                "/api/webhook-endpoints/" + pickId(null, theirs.endpoint(), "we") + "/rotate-secret"));
        if (random.nextBoolean()) {
            // a real product of this tenant, a broken adjustment
            Mutated mutated = mutate(NODES.objectNode().put("delta", -1).put("reason", "fuzz"), List.of());
            return new Hostile("POST", "/api/v1/products/" + mine.product() + "/stock-adjustments", mutated.body(),
                    mutated.contentType(), Map.of(), null, "adjustment: " + mutated.how());
        }
        if (random.nextBoolean()) {
            ObjectNode recover = NODES.objectNode().put("since", pick(ODD_TIMESTAMPS));
            return new Hostile("POST", "/api/webhook-endpoints/" + mine.endpoint() + "/recover", recover.toString(),
                    "application/json", Map.of(), null, "recover with odd since");
        }
        return new Hostile("POST", path, pick(List.of("{}", "", "{\"force\":true}", "[]", "{}{}")), "application/json",
                Map.of(), null, "action on another's or no id");
    }

    private Hostile wrongMethodOrPath() {
        int kind = random.nextInt(3);
        if (kind == 2 && badCredentials++ >= BAD_CREDENTIALS) {
            kind = 1;
        }
        return switch (kind) {
            case 0 -> new Hostile(pick(List.of("PUT", "DELETE", "PATCH")), "/api/v1/" + pick(List.of("customers",
                    "reviews", "payments", "transactions")), "{}", "application/json", Map.of(), null, "method");
            case 1 -> new Hostile("GET", pick(List.of("/api/v1/customers%00", "/api/v1//customers",
                    "/api/v1/customers;x=y", "/api/v1/customers%3Bx", "/api/v2/customers", "/api/v1/CUSTOMERS",
                    "/api/v1/customers/%E2%80%AE", "/api/v1/customers/" + "%41".repeat(3000), "/internal/v1/identity",
                    "/api/v1/customers/%252e%252e", "/q/health", "/api/v1/")), null, null, Map.of(), null, "path");
            // a tenant's key on a path that leads to the operator API is a failed operator authentication too
            default -> random.nextBoolean()
                    ? new Hostile("GET", pick(List.of("/api/v1/customers/..%2F..%2Fadmin%2Fv1%2Ftenants",
                            "/api/v1/%2e%2e/%2e%2e/admin/v1/tenants", "/api/v1/../../admin/v1/tenants")),
                            null, null, Map.of(), null, "path to the operator API")
                    : new Hostile("POST", "/api/v1/customers", "{\"firstName\":\"X\"}", "application/json",
                            Map.of("Authorization", pick(List.of("Bearer ", "Bearer swk_" + "0".repeat(64), "Basic YTpi",
                                    "Bearer " + "x".repeat(5000)))), null, "bad credential");
        };
    }

    private String pickId(String mineId, String theirsId, String prefix) {
        int choice = random.nextInt(mineId == null ? 2 : 4);
        return switch (choice) {
            case 0 -> theirsId;
            case 1 -> hostileId(prefix);
            default -> mineId;
        };
    }

    private String hostileId(String prefix) {
        return pick(List.of(prefix + "_" + "z".repeat(26), prefix + "_", "x", "%00", prefix + "_%00" + "a".repeat(23),
                "a".repeat(300), prefix + "_01" + "Z".repeat(24) + ";x", "%2e%2e", "%C3%BC", prefix + "_" + "0".repeat(26),
                "-1", "null", "%20"));
    }

    private <T> T pick(List<T> options) {
        return options.get(random.nextInt(options.size()));
    }
}
