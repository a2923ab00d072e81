package dev.slotwise.appointment.rules;

import java.time.Instant;
import java.util.List;

/**
 * The question the rules answer: can this visit happen at {@code startsAt}? A visit is a sequence of segments, each
 * one service with one staff member, following one another without a gap (up to five: visits of
 * several, CONTRACT §16). For a reschedule, the rule book is built without the appointment being moved (see
 * {@link RuleBook#of}).
 */
public record VisitRequest(Instant startsAt, List<Segment> segments) {

    /**
     * One service with one staff member ({@code staffId} null: Slotwise assigns one). {@code kept}: the length and
     * buffers an appointment was booked with, which a reschedule that keeps the service keeps too; null: the
     * service's current terms.
     */
    public record Segment(String serviceId, String staffId, Terms kept) {
    }

    public static VisitRequest of(String serviceId, String staffId, Instant startsAt) {
        return new VisitRequest(startsAt, List.of(new Segment(serviceId, staffId, null)));
    }
}
