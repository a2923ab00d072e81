package dev.slotwise.commons.pg;

import dev.slotwise.commons.problem.ApiException;

/**
 * A rule a unique index enforces, as the client hears of it: two requests that race past a service's own check both
 * reach the index, and the one that loses gets this rule's 409, not a 500. A service declares one per index
 * ({@code @Produces}); the constraint is the index's name.
 */
public record UniqueRule(String constraint, String code, String message) {

    public ApiException conflict() {
        return ApiException.conflict(code, message);
    }
}
