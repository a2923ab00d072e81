package dev.slotwise.catalog.location;

import java.time.Instant;

/** The location resource of CONTRACT §17. */
public record LocationView(String id, String name, String timeZone, String address, String phone, Instant createdAt,
        Instant updatedAt) {

    static LocationView of(Location location) {
        return new LocationView(location.id, location.name, location.timeZone, location.address, location.phone,
                location.createdAt, location.updatedAt);
    }
}
