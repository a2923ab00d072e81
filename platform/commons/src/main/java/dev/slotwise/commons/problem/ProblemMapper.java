package dev.slotwise.commons.problem;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.JsonMappingException;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.exc.UnrecognizedPropertyException;
import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.json.NotUtf8Json;
import dev.slotwise.commons.json.StrictJson;
import dev.slotwise.commons.pg.DatabaseOutages;
import dev.slotwise.commons.pg.UniqueRule;
import dev.slotwise.commons.pg.UnstorableValues;
import io.quarkus.security.AuthenticationFailedException;
import io.quarkus.security.ForbiddenException;
import io.quarkus.security.UnauthorizedException;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.RolesAllowed;
import jakarta.enterprise.inject.Instance;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.ConstraintViolationException;
import jakarta.ws.rs.WebApplicationException;
import jakarta.ws.rs.container.ResourceInfo;
import jakarta.ws.rs.core.Response;
import java.lang.reflect.Method;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;
import org.jboss.logging.Logger;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * The one mapping of every failure to RFC 9457 problem details (CONTRACT §3), used by every service. A 5xx never
 * carries a stack trace or an exception message; it is logged with the request id instead.
 */
public class ProblemMapper {

    private static final Logger LOG = Logger.getLogger(ProblemMapper.class);

    private final Map<String, UniqueRule> uniqueRules;

    public ProblemMapper(Instance<UniqueRule> uniqueRules) {
        this.uniqueRules = uniqueRules.stream().collect(Collectors.toMap(UniqueRule::constraint, rule -> rule));
    }

    @ServerExceptionMapper
    public Response apiException(ApiException e, HttpServerRequest request) {
        return ProblemResponses.response(e, RequestIds.of(request));
    }

    @ServerExceptionMapper
    public Response unrecognizedField(UnrecognizedPropertyException e, HttpServerRequest request) {
        return ProblemResponses.response(ApiException.invalid(path(e), "is not a known field"), RequestIds.of(request));
    }

    @ServerExceptionMapper
    public Response mismatchedInput(MismatchedInputException e, HttpServerRequest request) {
        if (StrictJson.isTrailingContent(e)) {
            return ProblemResponses.response(ApiException.malformed(RequestBody.NOT_ONE_VALUE), RequestIds.of(request));
        }
        if (e.getPath().isEmpty()) {
            return ProblemResponses.response(ApiException.malformed(RequestBody.NOT_AN_OBJECT),
                    RequestIds.of(request));
        }
        return ProblemResponses.response(ApiException.invalid(path(e), "has the wrong type or format"),
                RequestIds.of(request));
    }

    @ServerExceptionMapper
    public Response unreadableJson(JsonProcessingException e, HttpServerRequest request) {
        if (e instanceof MismatchedInputException mismatched) {
            return mismatchedInput(mismatched, request);
        }
        if (e instanceof NotUtf8Json) {
            return ProblemResponses.response(ApiException.malformed(NotUtf8Json.MESSAGE), RequestIds.of(request));
        }
        if (e instanceof JsonMappingException mapping && !mapping.getPath().isEmpty()) {
            return ProblemResponses.response(ApiException.invalid(path(mapping), "is invalid"), RequestIds.of(request));
        }
        return ProblemResponses.response(ApiException.malformed("the request body is not valid JSON"),
                RequestIds.of(request));
    }

    @ServerExceptionMapper
    public Response constraintViolation(ConstraintViolationException e, HttpServerRequest request) {
        List<FieldError> errors = e.getConstraintViolations().stream()
                .map(v -> new FieldError(fieldOf(v), v.getMessage()))
                .sorted(Comparator.comparing(FieldError::field))
                .collect(Collectors.toList());
        return ProblemResponses.response(ApiException.invalid(errors), RequestIds.of(request));
    }

    /**
     * The attribute of an {@link AuthenticationFailedException} that says the address failed too often: 429 for that
     * many seconds instead of 401 (an authentication mechanism that throttles sets it).
     */
    public static final String THROTTLED_FOR_SECONDS = "slotwise.throttled-for-seconds";

    @ServerExceptionMapper({AuthenticationFailedException.class, UnauthorizedException.class})
    public Response unauthenticated(RuntimeException e, HttpServerRequest request) {
        Object throttled = e instanceof AuthenticationFailedException failed ? failed.getAttribute(THROTTLED_FOR_SECONDS) : null;
        if (throttled != null) {
            return ProblemResponses.response(new ApiException(429, "rate_limited",
                    "too many failed authentications from this address; try again in " + throttled + " s",
                    List.of(), Map.of("Retry-After", String.valueOf(throttled))), RequestIds.of(request));
        }
        return ProblemResponses.response(new ApiException(401, "unauthenticated",
                "a valid bearer token is required", List.of(), Map.of("WWW-Authenticate", "Bearer")),
                RequestIds.of(request));
    }

    @ServerExceptionMapper
    public Response forbidden(ForbiddenException e, HttpServerRequest request, ResourceInfo resource) {
        String scope = requiredScope(resource);
        if (scope.equals("unknown")) {
            // an endpoint that names no role is denied to every token (quarkus.security.jaxrs.deny-unannotated-endpoints)
            return ProblemResponses.response(new ApiException(403, "insufficient_scope",
                    "this operation is not open to any token"), RequestIds.of(request));
        }
        return ProblemResponses.response(ApiException.insufficientScope("this operation needs the scope " + scope,
                List.of(), List.of(scope)), RequestIds.of(request));
    }

    @ServerExceptionMapper
    public Response webApplication(WebApplicationException e, HttpServerRequest request) {
        if (e.getCause() instanceof JsonProcessingException json) {
            return unreadableJson(json, request);
        }
        int status = e.getResponse().getStatus();
        String code = switch (status) {
            case 400 -> "malformed_request";
            case 401 -> "unauthenticated";
            case 404 -> "not_found";
            case 405 -> "method_not_allowed";
            case 406 -> "not_acceptable";
            case 413 -> "payload_too_large";
            case 415 -> "unsupported_media_type";
            default -> status >= 500 ? "internal_error" : "request_rejected";
        };
        if (status >= 500) {
            LOG.errorf(e, "request %s failed", RequestIds.of(request));
        }
        String detail = switch (status) {
            case 404 -> "no such resource";
            case 405 -> "method " + request.method() + " is not allowed here";
            case 415 -> "the request body must be application/json";
            case 406 -> "this resource answers application/json";
            default -> status >= 500 ? "the server could not complete the request" : "the request was rejected";
        };
        Response.ResponseBuilder builder = Response.status(status).type(Problem.MEDIA_TYPE)
                .entity(ProblemResponses.problem(status, code, detail, null, RequestIds.of(request)));
        if (status == 405 && e.getResponse().getHeaderString("Allow") != null) {
            builder.header("Allow", e.getResponse().getHeaderString("Allow"));
        }
        return builder.build();
    }

    @ServerExceptionMapper
    public Response unexpected(Throwable e, HttpServerRequest request) {
        String requestId = RequestIds.of(request);
        var refused = UnstorableValues.problemFor(e);
        if (refused.isPresent()) {
            return ProblemResponses.response(refused.get(), requestId);
        }
        var rule = UnstorableValues.violatedUniqueIndex(e).map(uniqueRules::get);
        if (rule.isPresent()) {
            return ProblemResponses.response(rule.get().conflict(), requestId);
        }
        if (DatabaseOutages.isOutage(e)) {
            // the database restarting or failing over: the client tries again; nothing here is broken
            LOG.warnf("request %s: database unavailable (%s)", requestId, e.toString());
            return ProblemResponses.response(new ApiException(503, "upstream_unavailable",
                    "the database is unavailable; try again shortly", List.of(), Map.of("Retry-After", "1")), requestId);
        }
        LOG.errorf(e, "request %s failed", requestId);
        return Response.status(500).type(Problem.MEDIA_TYPE)
                .entity(ProblemResponses.problem(500, "internal_error", "the server could not complete the request",
                        null, requestId))
                .build();
    }

    private static String path(JsonMappingException e) {
        return e.getPath().stream()
                .map(ref -> ref.getFieldName() != null ? ref.getFieldName() : "[" + ref.getIndex() + "]")
                .collect(Collectors.joining("."))
                .replace(".[", "[");
    }

    private static String fieldOf(ConstraintViolation<?> violation) {
        // method parameter paths look like create.arg0.email: keep the part inside the body
        String path = violation.getPropertyPath().toString();
        String[] parts = path.split("\\.");
        return parts.length > 2 ? String.join(".", java.util.Arrays.copyOfRange(parts, 2, parts.length)) : path;
    }

    private static String requiredScope(ResourceInfo resource) {
        Method method = resource == null ? null : resource.getResourceMethod();
        if (method == null) {
            return "unknown";
        }
        RolesAllowed roles = method.getAnnotation(RolesAllowed.class);
        if (roles == null) {
            roles = resource.getResourceClass().getAnnotation(RolesAllowed.class);
        }
        return roles == null || roles.value().length == 0 ? "unknown" : roles.value()[0];
    }
}
