package dev.slotwise.appointment.rules;

/**
 * Something that occupies a resource, as the rules see it (CONTRACT §17), times in epoch milliseconds: one segment of
 * an appointment or of a live hold that took {@code resourceId} for {@code [occupiedFrom, occupiedUntil)} (the
 * segment's occupied range, buffers included). {@code ownerId} names the appointment or the hold.
 */
public record ResourceTime(String ownerId, String resourceId, long occupiedFrom, long occupiedUntil, boolean held) {
}
