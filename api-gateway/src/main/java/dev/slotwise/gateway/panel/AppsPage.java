package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.oauth.Grant;
import dev.slotwise.gateway.oauth.Grants;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.quarkus.qute.TemplateData;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.Consumes;
import jakarta.ws.rs.FormParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.POST;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.PathParam;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.QueryParam;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;

/** Apps (CONTRACT §13): the OAuth applications this business's users approved, and "Revoke access". */
@Path("/panel/apps")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class AppsPage {

    @TemplateData
    public record AppRow(String grantId, String name, String scopes, String approvedBy, String approvedAt) {
    }

    private final PanelPages pages;
    private final Grants grants;
    private final Template appsPage;

    public AppsPage(PanelPages pages, Grants grants, @Location("panel/apps.html") Template appsPage) {
        this.pages = pages;
        this.grants = grants;
        this.appsPage = appsPage;
    }

    @GET
    public Uni<Response> list(@BeanParam SessionCookie cookie, @QueryParam("notice") String notice) {
        return pages.signedIn(cookie, session -> grants.active(session.tenantId()).map(active -> pages.render(
                appsPage.data("apps", active.stream().map(grant -> row(grant, session)).toList()),
                session, "apps", notice, null)));
    }

    @POST
    @Path("/{grantId}/revoke")
    @Consumes(MediaType.APPLICATION_FORM_URLENCODED)
    public Uni<Response> revoke(@BeanParam SessionCookie cookie, @FormParam("csrf_token") String csrf,
            @PathParam("grantId") String grantId) {
        return pages.posted(cookie, csrf, session -> grants.revoke(session.tenantId(), grantId)
                .map(revoked -> revoked ? PanelPages.redirect("/panel/apps", "access-revoked") : pages.notFound()));
    }

    private static AppRow row(Grant grant, PanelSession session) {
        return new AppRow(grant.id(), grant.clientName(), String.join(", ", grant.scopes()), grant.approvedBy(),
                PanelPages.time(grant.approvedAt(), session.timeZone()));
    }
}
