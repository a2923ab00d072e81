package dev.slotwise.commons.page;

import dev.slotwise.commons.problem.ApiException;

/**
 * The {@code limit} (1–100, default 20) and {@code cursor} query parameters of a list, validated: anything else
 * is 400 {@code malformed_request}. {@code afterId} is null on the first page.
 */
public record PageRequest(int limit, String afterId) {

    public static final int DEFAULT_LIMIT = 20;
    public static final int MAX_LIMIT = 100;

    public static PageRequest parse(String limit, String cursor, String idPrefix) {
        int size = DEFAULT_LIMIT;
        if (limit != null) {
            try {
                size = Integer.parseInt(limit);
            } catch (NumberFormatException e) {
                throw ApiException.malformed("limit must be an integer from 1 to " + MAX_LIMIT);
            }
            if (size < 1 || size > MAX_LIMIT) {
                throw ApiException.malformed("limit must be an integer from 1 to " + MAX_LIMIT);
            }
        }
        String afterId = cursor == null ? null : Cursor.decode(cursor, idPrefix);
        return new PageRequest(size, afterId);
    }

    /** How many rows to fetch: one more than shown, to know whether a next page exists. */
    public int fetchSize() {
        return limit + 1;
    }
}
