package dev.slotwise.gateway.oauthclient;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.gateway.credential.Scopes;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.net.URI;
import java.net.URISyntaxException;
import java.security.SecureRandom;
import java.time.Instant;
import java.time.temporal.ChronoUnit;
import java.util.ArrayList;
import java.util.HexFormat;
import java.util.List;
import java.util.Locale;

/**
 * OAuth client records (CONTRACT §9, §10). Redirect URIs are absolute, without a fragment, and https, except
 * {@code http://localhost} / loopback for native apps (RFC 8252); they are matched exactly later. Scopes must be
 * scopes of CONTRACT §4.
 */
@ApplicationScoped
public class OAuthClients {

    private static final SecureRandom RANDOM = new SecureRandom();
    static final String SECRET_PREFIX = "swcs_";

    @WithTransaction
    public Uni<OAuthClientView> register(OAuthClientInput input) {
        validate(input);
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        OAuthClient client = new OAuthClient();
        client.id = Ids.next("cli");
        client.name = input.name();
        client.redirectUris = String.join(" ", input.redirectUris());
        client.scopes = String.join(" ", input.scopes().stream().distinct().toList());
        client.confidential = input.confidential();
        String secret = null;
        if (client.confidential) {
            byte[] bytes = new byte[32];
            RANDOM.nextBytes(bytes);
            secret = SECRET_PREFIX + HexFormat.of().formatHex(bytes);
            client.secretHash = BearerSecrets.sha256(secret);
        }
        client.createdAt = now;
        client.updatedAt = now;
        String shownOnce = secret;
        return client.<OAuthClient>persist().map(saved -> OAuthClientView.of(saved, shownOnce));
    }

    @WithSession
    public Uni<OAuthClientView> get(String clientId) {
        return OAuthClient.<OAuthClient>findById(clientId)
                .onItem().ifNull().failWith(() -> ApiException.notFound("OAuth client"))
                .map(client -> OAuthClientView.of(client, null));
    }

    @WithSession
    public Uni<List<OAuthClientView>> list() {
        return OAuthClient.<OAuthClient>list("order by id desc")
                .map(clients -> clients.stream().map(c -> OAuthClientView.of(c, null)).toList());
    }

    private static void validate(OAuthClientInput input) {
        List<FieldError> errors = new ArrayList<>();
        for (int i = 0; i < input.redirectUris().size(); i++) {
            if (!acceptableRedirect(input.redirectUris().get(i))) {
                errors.add(new FieldError("redirectUris[" + i + "]",
                        "must be an absolute https URI without a fragment (http only for localhost)"));
            }
        }
        for (int i = 0; i < input.scopes().size(); i++) {
            if (!Scopes.known(input.scopes().get(i))) {
                errors.add(new FieldError("scopes[" + i + "]", "is not a scope of this API"));
            }
        }
        if (!errors.isEmpty()) {
            throw ApiException.invalid(errors);
        }
    }

    static boolean acceptableRedirect(String uri) {
        try {
            URI parsed = new URI(uri);
            if (!parsed.isAbsolute() || parsed.getFragment() != null || parsed.getHost() == null || uri.contains(" ")) {
                return false;
            }
            String scheme = parsed.getScheme().toLowerCase(Locale.ROOT);
            String host = parsed.getHost().toLowerCase(Locale.ROOT);
            boolean loopback = host.equals("localhost") || host.equals("127.0.0.1") || host.equals("[::1]");
            return scheme.equals("https") || (scheme.equals("http") && loopback);
        } catch (URISyntaxException e) {
            return false;
        }
    }
}
