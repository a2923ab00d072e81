package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.ErrorObject;
import com.nimbusds.oauth2.sdk.OAuth2Error;
import com.nimbusds.oauth2.sdk.TokenErrorResponse;
import com.nimbusds.oauth2.sdk.http.HTTPRequest;
import com.nimbusds.oauth2.sdk.http.HTTPResponse;
import jakarta.ws.rs.core.HttpHeaders;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.util.List;
import java.util.Map;

/**
 * The bridge between JAX-RS and Nimbus: a form-encoded request becomes Nimbus's {@link HTTPRequest} for it to parse,
 * and Nimbus's answer (status, headers such as {@code Cache-Control: no-store}, body) becomes the response. Errors
 * follow RFC 6749 §5.2; {@code invalid_client} is 401 with a {@code WWW-Authenticate} challenge.
 */
final class ProtocolMessages {

    static final String CHALLENGE = "Basic realm=\"slotwise\"";

    private ProtocolMessages() {
    }

    static HTTPRequest request(UriInfo uri, HttpHeaders headers, String body) {
        HTTPRequest request = new HTTPRequest(HTTPRequest.Method.POST, uri.getRequestUri());
        String contentType = headers.getHeaderString(HttpHeaders.CONTENT_TYPE);
        if (contentType != null) {
            request.setHeader(HttpHeaders.CONTENT_TYPE, contentType);
        }
        String authorization = headers.getHeaderString(HttpHeaders.AUTHORIZATION);
        if (authorization != null) {
            request.setAuthorization(authorization);
        }
        request.setBody(body == null ? "" : body);
        return request;
    }

    static Response response(HTTPResponse message) {
        Response.ResponseBuilder response = Response.status(message.getStatusCode());
        @SuppressWarnings("unchecked")
        Map<String, List<String>> headers = message.getHeaderMap();
        headers.forEach((name, values) -> {
            if (!name.equalsIgnoreCase("Cache-Control") && !name.equalsIgnoreCase("Pragma")) {
                values.forEach(value -> response.header(name, value));
            }
        });
        return response.header("Cache-Control", "no-store").header("Pragma", "no-cache")
                .entity(message.getBody()).build();
    }

    static Response error(ErrorObject error) {
        ErrorObject answered = error == null ? OAuth2Error.INVALID_REQUEST : error;
        if (answered.getHTTPStatusCode() <= 0) {
            answered = answered.setHTTPStatusCode(400);
        }
        Response response = response(new TokenErrorResponse(answered).toHTTPResponse());
        if (!OAuth2Error.INVALID_CLIENT.getCode().equals(answered.getCode())) {
            return response;
        }
        return Response.fromResponse(response).status(401).header("WWW-Authenticate", CHALLENGE).build();
    }

    static Response failure(Throwable failure) {
        if (failure instanceof OAuthFailure oauth) {
            return error(oauth.error());
        }
        throw failure instanceof RuntimeException runtime ? runtime : new IllegalStateException(failure);
    }
}
