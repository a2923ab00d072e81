package dev.slotwise.commons.problem;

import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.Map;

/** Builds problem-details responses with the standard title of each status. */
public final class ProblemResponses {

    private static final Map<Integer, String> TITLES = Map.ofEntries(
            Map.entry(400, "Bad Request"), Map.entry(401, "Unauthorized"), Map.entry(403, "Forbidden"),
            Map.entry(404, "Not Found"), Map.entry(405, "Method Not Allowed"), Map.entry(406, "Not Acceptable"),
            Map.entry(409, "Conflict"), Map.entry(413, "Content Too Large"), Map.entry(415, "Unsupported Media Type"),
            Map.entry(422, "Unprocessable Content"), Map.entry(429, "Too Many Requests"),
            Map.entry(500, "Internal Server Error"), Map.entry(502, "Bad Gateway"),
            Map.entry(503, "Service Unavailable"), Map.entry(504, "Gateway Timeout"));

    private ProblemResponses() {
    }

    public static String title(int status) {
        return TITLES.getOrDefault(status, status >= 500 ? "Server Error" : "Client Error");
    }

    public static Problem problem(int status, String code, String detail, List<FieldError> errors, String requestId) {
        return new Problem("about:blank", title(status), status, code, detail,
                errors == null || errors.isEmpty() ? null : errors, requestId);
    }

    public static Response response(ApiException e, String requestId) {
        Response.ResponseBuilder builder = Response.status(e.status())
                .type(Problem.MEDIA_TYPE)
                .entity(problem(e.status(), e.code(), e.getMessage(), e.errors(), requestId));
        e.headers().forEach(builder::header);
        return builder.build();
    }
}
