package dev.slotwise.gateway.oauthclient;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import dev.slotwise.gateway.credential.BearerSecrets;
import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.gateway.oauth.ClientContainment;
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
 * scopes of CONTRACT §4. Containment: a client can be disabled (which revokes everything it holds, see
 * {@link ClientContainment}) and enabled again, and a confidential client's secret rotated.
 */
@ApplicationScoped
public class OAuthClients {

    private static final SecureRandom RANDOM = new SecureRandom();
    static final String SECRET_PREFIX = "swcs_";

    private final JsonMergePatch mergePatch;
    private final ClientContainment containment;

    public OAuthClients(JsonMergePatch mergePatch, ClientContainment containment) {
        this.mergePatch = mergePatch;
        this.containment = containment;
    }

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
            secret = newSecret();
            client.secretHash = BearerSecrets.sha256(secret);
        }
        client.createdAt = now;
        client.updatedAt = now;
        String shownOnce = secret;
        return client.<OAuthClient>persist().map(saved -> OAuthClientView.of(saved, shownOnce));
    }

    @WithSession
    public Uni<OAuthClientView> get(String clientId) {
        return existing(clientId).map(client -> OAuthClientView.of(client, null));
    }

    /** The registered clients, newest first, a page at a time (CONTRACT §2); never a secret. */
    @WithSession
    public Uni<Page<OAuthClientView>> list(PageRequest page) {
        var found = page.afterId() == null ? OAuthClient.<OAuthClient>find("order by id desc")
                : OAuthClient.<OAuthClient>find("id < ?1 order by id desc", page.afterId());
        return found.range(0, page.fetchSize() - 1).list()
                .map(rows -> Page.of(rows, page, c -> c.id).map(c -> OAuthClientView.of(c, null)));
    }

    /**
     * A merge patch of {@code disabled}: disabling revokes every grant and token of the application in every tenant
     * and refuses it at the authorization and token endpoints; enabling lets it connect again (what was revoked stays
     * revoked: each business approves it anew).
     */
    @WithSession
    public Uni<OAuthClientView> update(String clientId, JsonNode patch) {
        return get(clientId).chain(current -> {
            OAuthClientPatch changed = mergePatch.apply(new OAuthClientPatch(current.disabled()), patch,
                    OAuthClientPatch.class);
            if (changed.disabled() == current.disabled()) {
                return Uni.createFrom().item(current);
            }
            Uni<Boolean> applied = changed.disabled() ? containment.disable(clientId) : containment.enable(clientId);
            return applied.map(found -> {
                if (!found) {
                    throw ApiException.notFound("OAuth client");
                }
                return current.disabled(changed.disabled());
            });
        });
    }

    /**
     * A new secret for a confidential client; the old one stops working at once (every replica reads the client on
     * each token request). Its tokens stay valid: disabling the client is what ends them. A public client has no
     * secret: 409 {@code invalid_transition}.
     */
    @WithTransaction
    public Uni<RotatedSecret> rotateSecret(String clientId) {
        return existing(clientId).map(client -> {
            if (!client.confidential) {
                throw ApiException.conflict("invalid_transition",
                        "a public client has no secret to rotate; only confidential clients have one");
            }
            String secret = newSecret();
            client.secretHash = BearerSecrets.sha256(secret);
            client.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            return new RotatedSecret(secret);
        });
    }

    private static Uni<OAuthClient> existing(String clientId) {
        return OAuthClient.<OAuthClient>findById(clientId)
                .onItem().ifNull().failWith(() -> ApiException.notFound("OAuth client"));
    }

    private static String newSecret() {
        byte[] bytes = new byte[32];
        RANDOM.nextBytes(bytes);
        return SECRET_PREFIX + HexFormat.of().formatHex(bytes);
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
