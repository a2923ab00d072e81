package dev.slotwise.commons.problem;

import com.fasterxml.jackson.databind.JsonNode;

/**
 * The one check a resource makes itself on its JSON body: an empty body reaches the method as {@code null} (Jackson
 * rejects every other non-object body), and answers 400 {@code malformed_request} like any body that is not an
 * object (CONTRACT §2).
 */
public final class RequestBody {

    static final String NOT_AN_OBJECT = "the request body must be a JSON object";
    static final String NOT_ONE_VALUE = "the request body must be exactly one JSON value; something follows it";
    private static final String NOT_A_MERGE_PATCH = "the request body must be a JSON object (a merge patch)";

    private RequestBody() {
    }

    public static void require(Object body) {
        if (body == null) {
            throw ApiException.malformed(NOT_AN_OBJECT);
        }
    }

    /**
     * For a {@code PATCH}: a JSON object, refused otherwise before the resource is looked up, so a bad patch is 400
     * even for an unknown id.
     */
    public static void requireMergePatch(JsonNode patch) {
        if (patch == null || !patch.isObject()) {
            throw ApiException.malformed(NOT_A_MERGE_PATCH);
        }
    }
}
