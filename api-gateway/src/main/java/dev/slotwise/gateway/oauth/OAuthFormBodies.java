package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.util.URLUtils;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.proxy.RequestBodies;
import dev.slotwise.gateway.proxy.VertxProblems;
import io.vertx.core.buffer.Buffer;
import io.vertx.ext.web.Router;
import io.vertx.ext.web.RoutingContext;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.enterprise.event.Observes;
import java.nio.charset.StandardCharsets;
import java.util.List;
import java.util.Map;

/**
 * The forms the authorization server accepts are small — a code and its verifier, a token, an e-mail address and a
 * password, a few scope names — so their bodies are read here, before anything else looks at the request, and no
 * further than {@value #MAX_FORM_BYTES} bytes: a larger declared length is refused without reading it, a longer
 * chunked body as soon as it passes the limit (413 {@code payload_too_large}, a problem document like every refusal
 * of the gateway's HTTP layer; RFC 6749 §5.2 errors are for requests the server has parsed). The endpoints take the
 * body read here from the routing context ({@link #text}, {@link #fields}), never from the REST layer, which would
 * read it again without the limit.
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

    /** The body read for this request, as text (UTF-8; empty without a body). */
    static String text(RoutingContext context) {
        Buffer body = context.body().buffer();
        return body == null ? "" : body.toString(StandardCharsets.UTF_8);
    }

    /** The form read for this request ({@code application/x-www-form-urlencoded}), each field with its values. */
    static Map<String, List<String>> fields(RoutingContext context) {
        return URLUtils.parseParameters(text(context));
    }

    void register(@Observes Router router) {
        FORM_PATHS.forEach(path -> router.post(path).order(ROUTE_ORDER).handler(this::readCapped));
    }

    private void readCapped(RoutingContext context) {
        RequestBodies.read(context.request(), MAX_FORM_BYTES).onComplete(
                body -> {
                    context.setBody(body);
                    context.next();
                },
                failure -> problems.send(context, refusal(failure)));
    }

    private static ApiException refusal(Throwable failure) {
        if (!(failure instanceof ApiException refused)) {
            return ApiException.malformed("the request body could not be read");
        }
        return refused.status() == 413 ? new ApiException(413, "payload_too_large",
                "the authorization server's form bodies are limited to " + MAX_FORM_BYTES / 1024 + " KiB") : refused;
    }
}
