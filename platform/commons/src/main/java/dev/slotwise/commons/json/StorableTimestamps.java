package dev.slotwise.commons.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.BeanDescription;
import com.fasterxml.jackson.databind.DeserializationConfig;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.JsonDeserializer;
import com.fasterxml.jackson.databind.deser.BeanDeserializerModifier;
import com.fasterxml.jackson.databind.deser.std.DelegatingDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import java.io.IOException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.regex.Pattern;

/**
 * ISO 8601 timestamps as Jackson's Java-time module reads them, limited to the years 1 to 9999: the range of an ISO
 * timestamp without an expanded year, and well inside PostgreSQL's. {@code +292278994-01-01T00:00:00Z} parses as an
 * {@link Instant}, but no column holds it. A number is not a timestamp either (CONTRACT §2), nor is a string of digits
 * ({@code "1934071200"}), which Jackson would read as epoch seconds: a number in disguise. Wraps whatever
 * deserializer Jackson chose, so its settings still apply.
 */
final class StorableTimestamps extends DelegatingDeserializer {

    private static final Instant FIRST = Instant.parse("0001-01-01T00:00:00Z");
    private static final Instant END = Instant.parse("+10000-01-01T00:00:00Z");
    /** What Jackson's Java-time module would read as an epoch number: digits, perhaps signed, perhaps with a fraction. */
    private static final Pattern EPOCH_NUMBER = Pattern.compile("\\s*[+-]?\\d+(\\.\\d*)?\\s*");

    private StorableTimestamps(JsonDeserializer<?> parsing) {
        super(parsing);
    }

    /** Puts the range check around the deserializers of {@link Instant} and {@link OffsetDateTime}. */
    static BeanDeserializerModifier modifier() {
        return new BeanDeserializerModifier() {
            @Override
            public JsonDeserializer<?> modifyDeserializer(DeserializationConfig config, BeanDescription description,
                    JsonDeserializer<?> deserializer) {
                Class<?> type = description.getBeanClass();
                return type == Instant.class || type == OffsetDateTime.class ? new StorableTimestamps(deserializer) : deserializer;
            }
        };
    }

    @Override
    protected JsonDeserializer<?> newDelegatingInstance(JsonDeserializer<?> delegatee) {
        return new StorableTimestamps(delegatee);
    }

    @Override
    public Object deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        JsonToken token = parser.currentToken();
        if (token != null && (token.isNumeric()
                || token == JsonToken.VALUE_STRING && EPOCH_NUMBER.matcher(parser.getText()).matches())) {
            throw InvalidFormatException.from(parser, "must be an ISO 8601 timestamp, not a number", parser.getText(),
                    handledType());
        }
        Object value = super.deserialize(parser, context);
        Instant at = value instanceof OffsetDateTime offset ? offset.toInstant() : (Instant) value;
        if (at != null && (at.isBefore(FIRST) || !at.isBefore(END))) {
            throw InvalidFormatException.from(parser, "must be a timestamp between the years 1 and 9999",
                    parser.getText(), handledType());
        }
        return value;
    }
}
