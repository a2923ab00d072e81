package dev.slotwise.gateway.panel;

import dev.slotwise.gateway.ratelimit.TenantRateLimiter;
import io.quarkus.qute.Location;
import io.quarkus.qute.Template;
import io.smallrye.mutiny.Uni;
import jakarta.annotation.security.PermitAll;
import jakarta.ws.rs.BeanParam;
import jakarta.ws.rs.GET;
import jakarta.ws.rs.Path;
import jakarta.ws.rs.Produces;
import jakarta.ws.rs.core.MediaType;
import jakarta.ws.rs.core.Response;
import java.time.Instant;
import java.util.Set;

/** Usage (CONTRACT §13): this hour's requests against the plan's limit, and when the window resets. */
@Path("/panel/usage")
@PermitAll
@Produces(MediaType.TEXT_HTML)
public class UsagePage {

    private final PanelPages pages;
    private final TenantRateLimiter quotas;
    private final Template usagePage;

    public UsagePage(PanelPages pages, TenantRateLimiter quotas, @Location("panel/usage.html") Template usagePage) {
        this.pages = pages;
        this.quotas = quotas;
        this.usagePage = usagePage;
    }

    @GET
    public Uni<Response> usage(@BeanParam SessionCookie cookie) {
        return pages.signedIn(cookie, session -> Uni.createFrom()
                .completionStage(() -> quotas.standing(session.credential(Set.of())).toCompletionStage())
                .map(standing -> {
                    long used = standing.limit() - standing.remaining();
                    int percent = (int) Math.min(100, standing.limit() == 0 ? 100 : used * 100 / standing.limit());
                    return pages.render(usagePage.data("used", used).data("limit", standing.limit())
                                    .data("remaining", standing.remaining()).data("percent", percent)
                                    .data("plan", session.plan())
                                    .data("resetsAt", PanelPages.time(Instant.ofEpochSecond(standing.resetEpochSecond()),
                                            session.timeZone()))
                                    .data("resetEpoch", standing.resetEpochSecond())
                                    .data("minutesToReset", (standing.secondsToReset() + 59) / 60),
                            session, "usage", null, null);
                }));
    }
}
