package dev.slotwise.appointment.rules;

import java.time.Instant;
import java.time.LocalDate;
import java.util.List;

/** What the rules decide about a visit: a plan to book, or every reason it cannot happen. */
public sealed interface Decision permits Decision.Plan, Decision.Refusal {

    /** The visit can happen: its segments as they would be booked. */
    record Plan(List<PlannedSegment> segments) implements Decision {

        public Instant startsAt() {
            return segments.get(0).startsAt();
        }

        public Instant endsAt() {
            return segments.get(segments.size() - 1).endsAt();
        }
    }

    /**
     * One segment as booked: its times, the buffers it is booked with, the range it occupies of its staff member, the
     * local day of the staff member's zone (with its bounds) whose limit it counts toward, the resources it takes
     * (CONTRACT §17; empty for a service that requires none), and its staff member's location and that location's
     * time zone (both null without one).
     */
    record PlannedSegment(String serviceId, String staffId, Instant startsAt, Instant endsAt, Terms terms,
            Instant occupiedFrom, Instant occupiedUntil, LocalDate day, Instant dayStart, Instant dayEnd,
            List<String> resourceIds, String locationId, String timeZone) {
    }

    /** The visit cannot happen now, for these reasons (never none). */
    record Refusal(List<Reason> reasons) implements Decision {

        public boolean has(ReasonCode code) {
            return reasons.stream().anyMatch(reason -> reason.code() == code);
        }
    }
}
