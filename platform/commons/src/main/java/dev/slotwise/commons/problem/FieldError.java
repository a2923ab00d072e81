package dev.slotwise.commons.problem;

/** One invalid field of a request: its JSON path (dotted) and what is wrong with it. */
public record FieldError(String field, String message) {
}
