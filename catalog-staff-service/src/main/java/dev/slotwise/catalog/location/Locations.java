package dev.slotwise.catalog.location;

import com.fasterxml.jackson.databind.JsonNode;
import dev.slotwise.commons.http.EntityTags;
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

/**
 * The tenant's locations (CONTRACT §17). A location is never deleted (staff, resources, closures and appointments
 * name it); changing its time zone moves the local hours of its staff from the next decision on.
 */
@ApplicationScoped
public class Locations {

    private final LocationRepository locations;
    private final JsonMergePatch mergePatch;
    private final EntityTags tags;

    public Locations(LocationRepository locations, JsonMergePatch mergePatch, EntityTags tags) {
        this.locations = locations;
        this.mergePatch = mergePatch;
        this.tags = tags;
    }

    @WithSession
    public Uni<Page<LocationView>> list(String tenantId, PageRequest page) {
        return locations.page(tenantId, page).map(rows -> Page.of(rows, page, l -> l.id).map(LocationView::of));
    }

    @WithSession
    public Uni<LocationView> get(String tenantId, String id) {
        return locations.require(tenantId, id).map(LocationView::of);
    }

    @WithTransaction
    public Uni<LocationView> create(String tenantId, LocationInput input) {
        Location location = new Location();
        location.create(Ids.next(LocationRepository.PREFIX), tenantId, now());
        location.apply(input);
        return locations.persist(location).map(LocationView::of);
    }

    /** Applies a merge patch when {@code ifMatch} (null: no condition) still matches the location. */
    @WithTransaction
    public Uni<LocationView> update(String tenantId, String id, JsonNode patch, String ifMatch) {
        return locations.requireForUpdate(tenantId, id).map(location -> {
            tags.requireMatch(ifMatch, LocationView.of(location));
            location.apply(mergePatch.apply(LocationInput.of(location), patch, LocationInput.class));
            location.updatedAt = now();
            return LocationView.of(location);
        });
    }

    /**
     * Nothing when {@code locationId} is null or a location of the tenant; otherwise a 422 naming {@code field}
     * (in the caller's session or transaction).
     */
    public Uni<Void> requireKnown(String tenantId, String locationId, String field) {
        if (locationId == null) {
            return Uni.createFrom().voidItem();
        }
        return locations.exists(tenantId, locationId).map(known -> {
            if (!known) {
                throw ApiException.invalid(field, "is not a location of this business");
            }
            return null;
        });
    }

    private static Instant now() {
        return Instant.now().truncatedTo(ChronoUnit.MILLIS);
    }
}
