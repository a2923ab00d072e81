package dev.slotwise.gateway.panel;

import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.gateway.apikey.ApiKeyInput;
import dev.slotwise.gateway.apikey.ApiKeyService;
import dev.slotwise.gateway.apikey.ApiKeyView;
import dev.slotwise.gateway.credential.Scopes;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateData;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.validation.ConstraintViolation;
import jakarta.validation.Validator;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.CookieParam;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.util.Comparator;
import java.util.List;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * Settings → API keys (CONTRACT §13): the tenant's keys (never a secret), a new key shown once, revocation after a
 * confirmation. Keys are made and revoked by the same {@link ApiKeyService} as the operator's, checked by the same
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
    private final Template keysPage;
    private final Template revokePage;

    public ApiKeysPage(PanelPages pages, ApiKeyService keys, Validator validator,
            @Location("panel/api-keys.html") Template keysPage, @Location("panel/revoke-key.html") Template revokePage) {
        this.pages = pages;
        this.keys = keys;
        this.validator = validator;
        this.keysPage = keysPage;
        this.revokePage = revokePage;
    }

    @GET
    public Uni<Response> list(@CookieParam(PanelPages.COOKIE) String cookie, @QueryParam("notice") String notice) {
        return pages.signedIn(cookie, session -> page(session, null, null, List.of(), notice, null));
    }

    @POST
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> create(@CookieParam(PanelPages.COOKIE) String cookie, @FormParam("csrf_token") String csrf,
            @FormParam("name") String name, @FormParam("scope") List<String> scopes) {
        return pages.posted(cookie, csrf, session -> {
            ApiKeyInput input = new ApiKeyInput(name == null ? null : name.trim(), scopes == null ? List.of() : scopes);
            Set<ConstraintViolation<ApiKeyInput>> violations = validator.validate(input);
            if (!violations.isEmpty()) {
                String message = violations.stream()
                        .sorted(Comparator.comparing(v -> v.getPropertyPath().toString()))
                        .map(v -> (v.getPropertyPath().toString().equals("name") ? "Name " : "Scopes: ") + v.getMessage())
                        .collect(Collectors.joining(". "));
                return page(session, null, name, input.scopes(), null, message + ".");
            }
            return keys.create(session.tenantId(), input)
                    .chain(created -> page(session, created.key(), null, List.of(), null, null))
                    .onFailure(ApiException.class).recoverWithUni(failure ->
                            page(session, null, name, input.scopes(), null, failure.getMessage()));
        });
    }

    @GET
    @Path("/{id}/revoke")
    public Uni<Response> confirmRevoke(@CookieParam(PanelPages.COOKIE) String cookie, @PathParam("id") String id) {
        return pages.signedIn(cookie, session -> keys.list(session.tenantId()).map(all -> all.stream()
                .filter(key -> key.id().equals(id) && key.revokedAt() == null).findFirst()
                .map(key -> pages.render(revokePage.data("key", row(key, session)), session, "keys", null, null))
                .orElseGet(() -> pages.notFound())));
    }

    @POST
    @Path("/{id}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> revoke(@CookieParam(PanelPages.COOKIE) String cookie, @FormParam("csrf_token") String csrf,
            @PathParam("id") String id) {
        return pages.posted(cookie, csrf, session -> keys.revoke(session.tenantId(), id)
                .map(done -> PanelPages.redirect("/panel/api-keys", "key-revoked"))
                .onFailure(ApiException.class).recoverWithItem(failure -> pages.notFound()));
    }

    private Uni<Response> page(PanelSession session, String newKey, String name, List<String> checked, String notice,
            String error) {
        return keys.list(session.tenantId()).map(all -> pages.render(keysPage
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
