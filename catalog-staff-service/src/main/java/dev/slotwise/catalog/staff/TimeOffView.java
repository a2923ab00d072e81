package dev.slotwise.catalog.staff;

import java.time.Instant;

/** A staff member's time off as the API answers it. */
public record TimeOffView(String id, String staffId, Instant startsAt, Instant endsAt, String reason,
        Instant createdAt) {

    static TimeOffView of(TimeOff timeOff) {
        return new TimeOffView(timeOff.id, timeOff.staffId, timeOff.startsAt, timeOff.endsAt, timeOff.reason,
                timeOff.createdAt);
    }
}
