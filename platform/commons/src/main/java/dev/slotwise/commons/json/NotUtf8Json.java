package dev.slotwise.commons.json;

import com.fasterxml.jackson.core.JsonParseException;

/** A body that is not UTF-8 JSON: in UTF-16 or UTF-32, or opened by a byte order mark (RFC 8259 §8.1). */
public final class NotUtf8Json extends JsonParseException {

    public static final String MESSAGE = "the request body must be JSON in UTF-8, without a byte order mark";

    NotUtf8Json() {
        super(null, MESSAGE);
    }
}
