package dev.slotwise.gateway.tenant;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.problem.ApiException;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

@ApplicationScoped
public class TenantService {

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
    public Uni<TenantView> get(String id) {
        return existing(id).map(TenantView::of);
    }

    /** The tenant, or 404 not_found. */
    public Uni<Tenant> existing(String id) {
        return Tenant.<Tenant>findById(id).onItem().ifNull().failWith(() -> ApiException.notFound("tenant"));
    }
}
