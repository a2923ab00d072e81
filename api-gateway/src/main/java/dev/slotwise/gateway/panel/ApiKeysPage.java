package dev.slotwise.gateway.panel;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.apikey.ApiKeyInput;
import dev.slotwise.gateway.apikey.ApiKeyService;
import dev.slotwise.gateway.apikey.ApiKeyView;
import dev.slotwise.gateway.credential.Scopes;
import dev.slotwise.gateway.signin.SignInOutcome;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateData;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Settings → API keys (CONTRACT §13): the tenant's keys (never a secret), a new key shown once (after the password
 * was entered recently), revocation after a confirmation. Keys are made and revoked by the same {@link ApiKeyService} as the operator's, checked by the same
 * bean-validation rules as its API.
 */
@Path("/panel/api-keys")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class ApiKeysPage {

    /** One row of the keys table. */
    @TemplateData
    public record KeyRow(String id, String name, String scopes, String created, String lastUsed) {
    }

    private final PanelPages pages;
    private final ApiKeyService keys;
    private final Validator validator;
    private final PasswordConfirmation confirmation;
    private final Template keysPage;
    private final Template revokePage;

    public ApiKeysPage(PanelPages pages, ApiKeyService keys, Validator validator, PasswordConfirmation confirmation,
            @Location("panel/api-keys.html") Template keysPage, @Location("panel/revoke-key.html") Template revokePage) {
        this.pages = pages;
        this.keys = keys;
        this.validator = validator;
        this.confirmation = confirmation;
        this.keysPage = keysPage;
        this.revokePage = revokePage;
    }

    @GET
    public Uni<Response> list(@BeanParam SessionCookie cookie, @QueryParam("notice") String notice) {
        return pages.signedIn(cookie, session -> page(200, session, null, null, List.of(), notice, null));
    }

    /**
     * A new key. Minting a credential is what a stolen session would do first, so, like GitHub's sudo mode for tokens,
     * it needs the user's password entered within the last 15 minutes: at sign-in, or in the form's {@code Password}
     * field that appears when it is older (checked under the sign-in limits).
     */
    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> create(@BeanParam SessionCookie cookie, @Context HttpServerRequest http,
            @FormParam("csrf_token") String csrf, @FormParam("name") String name,
            @FormParam("scope") List<String> scopes, @FormParam("password") String password) {
        return pages.posted(cookie, csrf, session -> {
            ApiKeyInput input = new ApiKeyInput(name == null ? null : name.trim(), scopes == null ? List.of() : scopes);
            Set<ConstraintViolation<ApiKeyInput>> violations = validator.validate(input);
            if (!violations.isEmpty()) {
                String message = violations.stream()
                        .sorted(Comparator.comparing(v -> v.getPropertyPath().toString()))
                        .map(v -> (v.getPropertyPath().toString().equals("name") ? "Name " : "Scopes: ") + v.getMessage())
                        .collect(Collectors.joining(". "));
                return page(200, session, null, name, input.scopes(), null, message + ".");
            }
            if (session.passwordRecent()) {
                return mint(session, input, name);
            }
            if (password == null || password.isEmpty()) {
                return page(200, session, null, name, input.scopes(), null,
                        "Enter your password to create a key: you last entered it more than 15 minutes ago.");
            }
            return confirmation.confirm(session, password, http).chain(outcome -> {
                if (outcome instanceof SignInOutcome.Verified) {
                    return mint(session.withRecentPassword(), input, name);
                }
                if (outcome instanceof SignInOutcome.Throttled throttled) {
                    return page(429, session, null, name, input.scopes(), null,
                            throttled.message() + " No key was created.")
                            .map(page -> Response.fromResponse(page)
                                    .header("Retry-After", throttled.retryAfterSeconds()).build());
                }
                return page(200, session, null, name, input.scopes(), null,
                        "The password is incorrect. No key was created.");
            });
        });
    }

    private Uni<Response> mint(PanelSession session, ApiKeyInput input, String name) {
        return keys.create(session.tenantId(), input)
                .chain(created -> page(200, session, created.key(), null, List.of(), null, null))
                .onFailure(ApiException.class).recoverWithUni(failure ->
                        page(200, session, null, name, input.scopes(), null, failure.getMessage()));
    }

    @GET
    @Path("/{id}/revoke")
    public Uni<Response> confirmRevoke(@BeanParam SessionCookie cookie, @PathParam("id") String id) {
        return pages.signedIn(cookie, session -> keys.list(session.tenantId()).map(all -> all.stream()
                .filter(key -> key.id().equals(id) && key.revokedAt() == null).findFirst()
                .map(key -> pages.render(revokePage.data("key", row(key, session)), session, "keys", null, null))
                .orElseGet(() -> pages.notFound())));
    }

    @POST
    @Path("/{id}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> revoke(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id) {
        return pages.posted(cookie, csrf, session -> keys.revoke(session.tenantId(), id)
                .map(done -> PanelPages.redirect("/panel/api-keys", "key-revoked"))
                .onFailure(ApiException.class).recoverWithItem(failure -> pages.notFound()));
    }

    private Uni<Response> page(int status, PanelSession session, String newKey, String name, List<String> checked,
            String notice, String error) {
        return keys.list(session.tenantId()).map(all -> pages.render(status, keysPage
                        .data("keys", all.stream().filter(key -> key.revokedAt() == null).map(key -> row(key, session)).toList())
                        .data("scopes", Scopes.ALL)
                        .data("checked", checked)
                        .data("name", name)
                        .data("newKey", newKey),
                session, "keys", notice, error));
    }

    private static KeyRow row(ApiKeyView key, PanelSession session) {
        return new KeyRow(key.id(), key.name(), String.join(", ", key.scopes()),
                PanelPages.time(key.createdAt(), session.timeZone()),
                key.lastUsedAt() == null ? "never" : PanelPages.time(key.lastUsedAt(), session.timeZone()));
    }
}
