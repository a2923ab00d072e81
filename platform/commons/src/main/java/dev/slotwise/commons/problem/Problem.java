package dev.slotwise.commons.problem;

import com.fasterxml.jackson.annotation.JsonInclude;
import java.util.List;

/** An RFC 9457 problem details body, with Slotwise's stable {@code code} and the {@code requestId}. */
@JsonInclude(JsonInclude.Include.NON_NULL)
public record Problem(String type, String title, int status, String code, String detail, List<FieldError> errors,
        String requestId) {

    public static final String MEDIA_TYPE = "application/problem+json";
}
