package dev.slotwise.commons.json;

/**
 * The body of an action that takes none ({@code complete}, {@code check-in}, {@code send}, {@code refund}, a ping…):
 * nothing at all, or an empty JSON object, which many clients send with every {@code POST}. A body is never ignored:
 * a field in it is 422 {@code validation_failed} naming the field (an unknown field, CONTRACT §2), a JSON value that
 * is not an object is 400, and a body that is not JSON is 400 or 415 — as for any other route. Resources take it as
 * their body parameter and need not look at it.
 */
public record NoFields() {
}
