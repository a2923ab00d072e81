package dev.slotwise.catalog.location;

import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.tenant.TenantScopedRepository;
import io.quarkus.panache.common.Parameters;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/** Locations, always within one tenant. */
@ApplicationScoped
public class LocationRepository implements TenantScopedRepository<Location> {

    static final String PREFIX = "loc";

    @Override
    public String idPrefix() {
        return PREFIX;
    }

    @Override
    public String resourceName() {
        return "location";
    }

    /** Whether {@code id} is a location of the tenant (in the caller's session). */
    public Uni<Boolean> exists(String tenantId, String id) {
        if (!Ids.looksLike(PREFIX, id)) {
            return Uni.createFrom().item(false);
        }
        return count("tenantId = :tenant and id = :id", Parameters.with("tenant", tenantId).and("id", id))
                .map(found -> found > 0);
    }
}
