package dev.slotwise.commons.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import java.io.IOException;

/**
 * Strings as the client wrote them: only a JSON string is a string (CONTRACT §2, types are strict; Jackson would
 * turn {@code 42}, {@code 4.5} or {@code true} into text), and one with a NUL character ({@code \u0000}) is refused,
 * since PostgreSQL cannot store it in text: the client's 422 naming the field, not the database's 500.
 */
final class StorableStrings extends StringDeserializer {

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        if (!parser.hasToken(JsonToken.VALUE_STRING)) {
            return (String) context.handleUnexpectedToken(String.class, parser);
        }
        String value = super.deserialize(parser, context);
        if (value != null && value.indexOf('\0') >= 0) {
            throw InvalidFormatException.from(parser, "must not contain a NUL character", value, String.class);
        }
        return value;
    }
}
