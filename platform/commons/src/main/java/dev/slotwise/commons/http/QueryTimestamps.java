package dev.slotwise.commons.http;

import dev.slotwise.commons.problem.ApiException;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.time.format.DateTimeParseException;

/** Timestamps in a query string: ISO 8601 with an offset, normalised to UTC; anything else is 400 naming the parameter. */
public final class QueryTimestamps {

    private QueryTimestamps() {
    }

    /** The instant {@code value} names, or null when it is absent. */
    public static Instant optional(String name, String value) {
        if (value == null) {
            return null;
        }
        try {
            return OffsetDateTime.parse(value).toInstant();
        } catch (DateTimeParseException e) {
            throw ApiException.malformed(name + " must be an ISO 8601 timestamp such as 2026-11-22T09:30:00Z");
        }
    }

    /** The instant {@code value} names; absent is 400 too. */
    public static Instant required(String name, String value) {
        if (value == null || value.isBlank()) {
            throw ApiException.malformed(name + " is required");
        }
        return optional(name, value);
    }
}
