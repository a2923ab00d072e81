package dev.slotwise.catalog.staff;

import java.time.Instant;
import java.util.List;
import java.util.Map;

/** The staff resource of CONTRACT §5, with the services of §14 and the location of §17. */
public record StaffView(String id, String name, String email, List<String> serviceIds, boolean checkedIn, Instant lastCheckInAt,
        Instant lastCheckOutAt, String locationId, Map<String, String> metadata, Instant createdAt, Instant updatedAt) {

    static StaffView of(StaffMember member) {
        return new StaffView(member.id, member.name, member.email, member.serviceIds, member.checkedIn, member.lastCheckInAt,
                member.lastCheckOutAt, member.locationId, member.metadata, member.createdAt, member.updatedAt);
    }
}
