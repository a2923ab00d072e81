package dev.slotwise.gateway.tenant;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

@ApplicationScoped
public class TenantService {

    private final JsonMergePatch mergePatch;

    public TenantService(JsonMergePatch mergePatch) {
        this.mergePatch = mergePatch;
    }

    @WithTransaction
    public Uni<TenantView> create(TenantInput input) {
        Instant now = Instant.now().truncatedTo(ChronoUnit.MILLIS);
        Tenant tenant = new Tenant();
        tenant.id = Ids.next("ten");
        tenant.name = input.name();
        tenant.plan = input.plan().wireName();
        tenant.timeZone = input.timeZone() == null ? "UTC" : input.timeZone();
        tenant.rateLimitPerHour = input.rateLimitPerHour();
        tenant.createdAt = now;
        tenant.updatedAt = now;
        return tenant.<Tenant>persist().map(TenantView::of);
    }

    @WithSession
    public Uni<Page<TenantView>> list(PageRequest page) {
        String query = page.afterId() == null ? "order by id desc" : "id < ?1 order by id desc";
        var found = page.afterId() == null ? Tenant.<Tenant>find(query) : Tenant.<Tenant>find(query, page.afterId());
        return found.range(0, page.fetchSize() - 1).list()
                .map(rows -> Page.of(rows, page, t -> t.id).map(TenantView::of));
    }

    /** A merge patch of {@code name}, {@code plan}, {@code timeZone}, {@code rateLimitPerHour} (null removes the contract limit). */
    @WithTransaction
    public Uni<TenantView> update(String id, JsonNode patch) {
        return existing(id).map(tenant -> {
            TenantInput changed = mergePatch.apply(TenantInput.of(tenant), patch, TenantInput.class);
            tenant.name = changed.name();
            tenant.plan = changed.plan().wireName();
            tenant.timeZone = changed.timeZone() == null ? "UTC" : changed.timeZone();
            tenant.rateLimitPerHour = changed.rateLimitPerHour();
            tenant.updatedAt = Instant.now().truncatedTo(ChronoUnit.MILLIS);
            return TenantView.of(tenant);
        });
    }

    @WithSession
    public Uni<TenantView> get(String id) {
        return existing(id).map(TenantView::of);
    }

    /** The tenant, or 404 not_found. */
    public Uni<Tenant> existing(String id) {
        return Tenant.<Tenant>findById(id).onItem().ifNull().failWith(() -> ApiException.notFound("tenant"));
    }
}
