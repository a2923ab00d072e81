package dev.slotwise.gateway.oauth;

import com.nimbusds.oauth2.sdk.id.Issuer;
import dev.slotwise.gateway.GatewayConfig;
import jakarta.enterprise.context.ApplicationScoped;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;
import java.util.Optional;

/**
 * The authorization server's identifier (RFC 8414 {@code issuer}, RFC 9207 {@code iss}): the configured public URL
 * ({@code slotwise.gateway.public-url}), else the request's own scheme and host.
 */
@ApplicationScoped
public class OAuthIssuer {

    private final Optional<String> configured;

    public OAuthIssuer(GatewayConfig config) {
        this.configured = config.gateway().publicUrl().map(url -> withoutTrailingSlash(url.toString()));
    }

    public Issuer of(UriInfo request) {
        return new Issuer(base(request));
    }

    /** An endpoint's absolute URI under the issuer. */
    public URI endpoint(UriInfo request, String path) {
        return URI.create(base(request) + path);
    }

    public boolean https(UriInfo request) {
        return base(request).startsWith("https:");
    }

    private String base(UriInfo request) {
        return configured.orElseGet(() -> withoutTrailingSlash(request.getBaseUri().toString()));
    }

    private static String withoutTrailingSlash(String url) {
        return url.endsWith("/") ? url.substring(0, url.length() - 1) : url;
    }
}
