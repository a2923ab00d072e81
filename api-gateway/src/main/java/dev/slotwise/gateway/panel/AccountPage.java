package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.html.SecureHtml;
import dev.slotwise.gateway.signin.PasswordChecks;
import dev.slotwise.gateway.signin.SignInOutcome;
import dev.slotwise.gateway.user.PasswordInput;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.smallrye.mutiny.Uni;
import io.vertx.core.http.HttpServerRequest;
import jakarta.annotation.security.PermitAll;
import jakarta.validation.Validator;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.Context;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import jakarta.ws.rs.core.UriInfo;
import java.net.URI;

/**
 * Account (CONTRACT §13): the user changes their password — the current one must be right (a wrong one changes
 * nothing and counts as a failed sign-in), the new one follows the operator's rules, and every other session of the
 * user ends — or signs out everywhere, this session included.
 */
@Path("/panel/account")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class AccountPage {

    private final PanelPages pages;
    private final PanelSessions sessions;
    private final PasswordConfirmation confirmation;
    private final PasswordChecks passwords;
    private final Validator validator;
    private final Template accountPage;

    public AccountPage(PanelPages pages, PanelSessions sessions, PasswordConfirmation confirmation, PasswordChecks passwords,
            Validator validator, @Location("panel/account.html") Template accountPage) {
        this.pages = pages;
        this.sessions = sessions;
        this.confirmation = confirmation;
        this.passwords = passwords;
        this.validator = validator;
        this.accountPage = accountPage;
    }

    @GET
    public Uni<Response> show(@BeanParam SessionCookie cookie, @QueryParam("notice") String notice) {
        return pages.signedIn(cookie, session -> Uni.createFrom().item(page(200, session, notice, null)));
    }

    @POST
    @Path("/password")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> changePassword(@BeanParam SessionCookie cookie, @Context HttpServerRequest http,
            @FormParam("csrf_token") String csrf, @FormParam("current_password") String current,
            @FormParam("new_password") String proposed) {
        return pages.posted(cookie, csrf, session -> {
            var problems = validator.validate(new PasswordInput(proposed));
            if (!problems.isEmpty()) {
                return Uni.createFrom().item(page(200, session, null,
                        "New password " + problems.iterator().next().getMessage() + ". Nothing was changed."));
            }
            if (current == null || current.isEmpty()) {
                return Uni.createFrom().item(page(200, session, null, "Enter your current password. Nothing was changed."));
            }
            return confirmation.confirm(session, current, http).chain(outcome -> {
                if (outcome instanceof SignInOutcome.Verified verified) {
                    return passwords.run(() -> PasswordChecks.hash(proposed))
                            .chain(hash -> sessions.changePassword(session, verified.passwordReadAt(), hash))
                            .map(changed -> changed ? PanelPages.redirect("/panel/account", "password-changed")
                                    : SecureHtml.seeOther(URI.create("/panel/sign-in")))
                            .onFailure(PasswordChecks.Saturated.class).recoverWithItem(() -> throttled(session,
                                    new SignInOutcome.Throttled(PasswordChecks.RETRY_AFTER_SECONDS, true)));
                }
                if (outcome instanceof SignInOutcome.Throttled throttled) {
                    return Uni.createFrom().item(throttled(session, throttled));
                }
                return Uni.createFrom().item(page(200, session, null,
                        "The current password is incorrect. Nothing was changed."));
            });
        });
    }

    @POST
    @Path("/sign-out-everywhere")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> signOutEverywhere(@BeanParam SessionCookie cookie, @Context UriInfo uri,
            @FormParam("csrf_token") String csrf) {
        return pages.posted(cookie, csrf, session -> sessions.endAll(session)
                .map(ended -> pages.signedOut(uri, "signed-out-everywhere")));
    }

    private Response throttled(PanelSession session, SignInOutcome.Throttled throttled) {
        return Response.fromResponse(page(429, session, null, throttled.message() + " Nothing was changed."))
                .header("Retry-After", throttled.retryAfterSeconds()).build();
    }

    private Response page(int status, PanelSession session, String notice, String error) {
        return pages.render(status, accountPage.instance(), session, "account", notice, error);
    }
}
