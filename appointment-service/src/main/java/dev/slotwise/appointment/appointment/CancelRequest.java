package dev.slotwise.appointment.appointment;

import com.fasterxml.jackson.databind.ObjectMapper;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import jakarta.ws.rs.core.MediaType;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;

/**
 * The optional body of a cancellation (CONTRACT §15): {@code {"reason"?: "…" (≤ 500), "cancelledBy"?: "business" |
 * "customer"}}. No body, or {@code {}}, is the business cancelling without a reason. The body is read here, not by
 * the REST layer, because it is optional: a body-less request may come with any content type or none, and is
 * accepted as before; a body must be JSON (415 otherwise) and is read with the strict reader of every request
 * (unknown fields and wrong types are 422 naming the field).
 */
record CancelRequest(String reason, CancelledBy by) {

    static final CancelRequest BY_THE_BUSINESS = new CancelRequest(null, CancelledBy.BUSINESS);
    private static final int LONGEST_REASON = 500;

    /** The JSON a body holds. */
    record Body(String reason, String cancelledBy) {
    }

    static CancelRequest read(ObjectMapper json, String contentType, byte[] body) throws IOException {
        if (body == null || body.length == 0) {
            return BY_THE_BUSINESS;
        }
        if (!isJson(contentType)) {
            throw new ApiException(415, "unsupported_media_type", "the request body must be application/json");
        }
        Body read = json.readValue(body, Body.class);
        if (read == null) {
            throw ApiException.malformed("the request body must be a JSON object");
        }
        List<FieldError> errors = new ArrayList<>();
        if (read.reason() != null && read.reason().length() > LONGEST_REASON) {
            errors.add(new FieldError("reason", "must be at most 500 characters"));
        }
        CancelledBy by = read.cancelledBy() == null ? CancelledBy.BUSINESS : CancelledBy.parse(read.cancelledBy());
        if (by == null) {
            errors.add(new FieldError("cancelledBy", "must be business or customer"));
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
        return new CancelRequest(read.reason(), by);
    }

    private static boolean isJson(String contentType) {
        try {
            return contentType != null && MediaType.APPLICATION_JSON_TYPE.isCompatible(MediaType.valueOf(contentType));
        } catch (IllegalArgumentException unreadable) {
            return false;
        }
    }
}
