package dev.slotwise.commons.json;

import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.databind.DeserializationContext;
import com.fasterxml.jackson.databind.deser.std.StringDeserializer;
import com.fasterxml.jackson.databind.exc.InvalidFormatException;
import java.io.IOException;

/**
 * Strings as Jackson reads them, refusing a NUL character ({@code \u0000}): PostgreSQL cannot store it in text, so
 * it is the client's 422 naming the field, not the database's 500.
 */
final class StorableStrings extends StringDeserializer {

    @Override
    public String deserialize(JsonParser parser, DeserializationContext context) throws IOException {
        String value = super.deserialize(parser, context);
        if (value != null && value.indexOf('\0') >= 0) {
            throw InvalidFormatException.from(parser, "must not contain a NUL character", value, String.class);
        }
        return value;
    }
}
