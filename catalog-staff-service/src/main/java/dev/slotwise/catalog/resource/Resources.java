package dev.slotwise.catalog.resource;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.catalog.location.Locations;
import dev.slotwise.commons.http.EntityTags;
import dev.slotwise.commons.id.Ids;
import dev.slotwise.commons.json.JsonMergePatch;
import dev.slotwise.commons.page.Page;
import dev.slotwise.commons.page.PageRequest;
import io.quarkus.hibernate.reactive.panache.common.WithSession;
import io.quarkus.hibernate.reactive.panache.common.WithTransaction;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.time.temporal.ChronoUnit;

/**
 * The tenant's resources (CONTRACT §17). Deactivating one keeps the bookings that hold it; from then on the booking
 * context no longer offers it, so it takes no new ones.
 */
@ApplicationScoped
public class Resources {

    private final ResourceRepository resources;
    private final Locations locations;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    public Resources(ResourceRepository resources, Locations locations, JsonMergePatch mergePatch, EntityTags tags) {
        this.resources = resources;
        this.locations = locations;
        this.mergePatch = mergePatch;
        this.tags = tags;
    }

    @WithSession
    public Uni<Page<ResourceView>> list(String tenantId, ResourceFilter filter, PageRequest page) {
        return resources.page(tenantId, page, filter.conditions(), filter.parameters())
                .map(rows -> Page.of(rows, page, r -> r.id).map(ResourceView::of));
    }

    @WithSession
    public Uni<ResourceView> get(String tenantId, String id) {
        return resources.require(tenantId, id).map(ResourceView::of);
    }

    @WithTransaction
    public Uni<ResourceView> create(String tenantId, ResourceInput input) {
        return locations.requireKnown(tenantId, input.locationId(), "locationId").chain(() -> {
            BookableResource resource = new BookableResource();
            resource.create(Ids.next(ResourceRepository.PREFIX), tenantId, now());
            resource.name = input.name();
            resource.type = input.type();
            resource.locationId = input.locationId();
            return resources.persist(resource).map(ResourceView::of);
        });
    }

    /** Applies a merge patch of {@code name} and {@code active} when {@code ifMatch} (null: no condition) still matches. */
    @WithTransaction
    public Uni<ResourceView> update(String tenantId, String id, JsonNode patch, String ifMatch) {
        return resources.requireForUpdate(tenantId, id).map(resource -> {
            tags.requireMatch(ifMatch, ResourceView.of(resource));
            ResourcePatch wanted = mergePatch.apply(ResourcePatch.of(resource), patch, ResourcePatch.class);
            resource.name = wanted.name();
            resource.active = wanted.active();
            resource.updatedAt = now();
            return ResourceView.of(resource);
        });
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
