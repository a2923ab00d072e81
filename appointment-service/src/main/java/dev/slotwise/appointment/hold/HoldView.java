package dev.slotwise.appointment.hold;

import dev.slotwise.appointment.visit.VisitSegment;
import java.time.Instant;
import java.util.List;

/**
 * The hold resource (CONTRACT §16): {@code id, segments, startsAt, endsAt, expiresAt, createdAt}, and beyond those
 * its {@code status} ({@code active | expired | released | used}) and the {@code appointmentId} it became.
 */
public record HoldView(String id, List<VisitSegment.View> segments, Instant startsAt, Instant endsAt,
        Instant expiresAt, String status, String appointmentId, Instant createdAt) {

    static HoldView of(Hold hold, Instant now) {
        return new HoldView(hold.id, VisitSegment.views(hold.segments), hold.startsAt, hold.endsAt, hold.expiresAt,
                hold.status(now), hold.appointmentId, hold.createdAt);
    }
}
