package dev.slotwise.gateway.oauth;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.proxy.VertxProblems;
import io.vertx.core.http.HttpHeaders;
import io.vertx.core.http.HttpServerRequest;
import io.vertx.core.http.HttpVersion;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.util.List;

/**
 * The forms the authorization server accepts are small — a code and its verifier, a token, an e-mail address and a
 * password, a few scope names — and anyone may post them, so their size is settled on the headers, before the REST
 * layer reads a byte (it would read up to the HTTP layer's 10 MiB): a body declared larger than
 * {@value #MAX_FORM_BYTES} bytes is 413 {@code payload_too_large}, and a body that declares no length (chunked) is
 * 411 {@code length_required} — browsers and OAuth client libraries always send a length for a form. Both are
 * problem documents, like every refusal of the gateway's HTTP layer (RFC 6749 §5.2 errors are for requests the
 * server has parsed), and the connection is closed when the refused body would be large.
 *
 * <p>A body is not read here to count it: the REST layer must be the first to read a request (it pauses the request
 * when it starts, which an HTTP/2 request that was already read refuses).
 */
@ApplicationScoped
public class OAuthFormBodies {

    static final int MAX_FORM_BYTES = 16 * 1024;
    static final List<String> FORM_PATHS = List.of("/oauth/token", "/oauth/revoke", "/oauth/introspect",
            "/oauth/authorize/sign-in", "/oauth/authorize/consent");
    /** Right after the request id and the request line's checks; before authentication and the REST layer. */
    private static final int ROUTE_ORDER = -250;

    private final VertxProblems problems;

    public OAuthFormBodies(VertxProblems problems) {
        this.problems = problems;
    }

    void register(@Observes Router router) {
        FORM_PATHS.forEach(path -> router.post(path).order(ROUTE_ORDER).handler(this::checkLength));
    }

    private void checkLength(RoutingContext context) {
        ApiException refused = refusal(context.request());
        if (refused == null) {
            context.next();
        } else {
            problems.send(context, refused);
        }
    }

    private static ApiException refusal(HttpServerRequest request) {
        String length = request.getHeader(HttpHeaders.CONTENT_LENGTH);
        if (length == null) {
            boolean bodyFollows = request.getHeader(HttpHeaders.TRANSFER_ENCODING) != null
                    || (request.version() == HttpVersion.HTTP_2 && !request.isEnded());
            return bodyFollows ? new ApiException(411, "length_required",
                    "the authorization server's forms must declare their Content-Length") : null;
        }
        long declared;
        try {
            declared = Long.parseLong(length.trim());
        } catch (NumberFormatException e) {
            return ApiException.malformed("Content-Length is not a number");
        }
        return declared > MAX_FORM_BYTES ? new ApiException(413, "payload_too_large",
                "the authorization server's form bodies are limited to " + MAX_FORM_BYTES / 1024 + " KiB") : null;
    }
}
