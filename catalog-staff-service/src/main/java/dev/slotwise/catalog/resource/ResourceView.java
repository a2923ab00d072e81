package dev.slotwise.catalog.resource;

import java.time.Instant;

/** The resource of CONTRACT §17. */
public record ResourceView(String id, String name, String type, String locationId, boolean active, Instant createdAt,
        Instant updatedAt) {

    static ResourceView of(BookableResource resource) {
        return new ResourceView(resource.id, resource.name, resource.type, resource.locationId, resource.active,
                resource.createdAt, resource.updatedAt);
    }
}
