package dev.slotwise.commons.problem;

import java.util.List;
import java.util.Map;

/**
 * An error a client caused or must know of, answered as problem details. Thrown (or failed into a Uni) by
 * services; mapped by {@link ProblemMapper}. Factory methods carry the codes of the contract (§3).
 */
public class ApiException extends RuntimeException {

    private final int status;
    private final String code;
    private final List<FieldError> errors;
    private final transient Map<String, String> headers;

    public ApiException(int status, String code, String detail) {
        this(status, code, detail, List.of(), Map.of());
    }

    public ApiException(int status, String code, String detail, List<FieldError> errors, Map<String, String> headers) {
        super(detail, null, false, false);
        this.status = status;
        this.code = code;
        this.errors = List.copyOf(errors);
        this.headers = Map.copyOf(headers);
    }

    public static ApiException malformed(String detail) {
        return new ApiException(400, "malformed_request", detail);
    }

    public static ApiException notFound(String what) {
        return new ApiException(404, "not_found", what + " not found");
    }

    public static ApiException conflict(String code, String detail) {
        return new ApiException(409, code, detail);
    }

    public static ApiException invalid(List<FieldError> errors) {
        String detail = errors.isEmpty() ? "the request is invalid"
                : errors.get(0).field() + " " + errors.get(0).message();
        return new ApiException(422, "validation_failed", detail, errors, Map.of());
    }

    public static ApiException invalid(String field, String message) {
        return invalid(List.of(new FieldError(field, message)));
    }

    /**
     * 403 {@code insufficient_scope} (CONTRACT §4) with the RFC 6750 challenge naming the missing scopes
     * (space-separated, as the challenge's {@code scope} attribute is).
     */
    public static ApiException insufficientScope(String detail, List<FieldError> errors, List<String> scopes) {
        String challenge = "Bearer error=\"insufficient_scope\", scope=\"" + String.join(" ", scopes) + "\"";
        return new ApiException(403, "insufficient_scope", detail, errors, Map.of("WWW-Authenticate", challenge));
    }

    public static ApiException upstreamUnavailable(String detail) {
        return new ApiException(503, "upstream_unavailable", detail);
    }

    public int status() {
        return status;
    }

    public String code() {
        return code;
    }

    public List<FieldError> errors() {
        return errors;
    }

    public Map<String, String> headers() {
        return headers;
    }
}
