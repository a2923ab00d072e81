package dev.slotwise.appointment.rules;

/**
 * Something that occupies a staff member, as the rules see it, times in epoch milliseconds: one segment of an
 * appointment, or of a hold (CONTRACT §16: a live hold counts as booked). {@code ownerId} names the appointment or the
 * hold; {@code [startsAt, endsAt)} is the service's own time (its minutes are the staff member's booked minutes of the
 * day, which any-staff assignment weighs), {@code [occupiedFrom, occupiedUntil)} the range it occupies (its time with
 * its buffers; empty when it occupies nothing, as a completed appointment), and {@code counts} whether it counts
 * toward its staff member's daily limit on the local day of its start (an owner counts once per staff member and day,
 * however many of its segments fall there).
 */
public record BookedTime(String ownerId, String staffId, long startsAt, long endsAt, long occupiedFrom,
        long occupiedUntil, boolean counts, boolean held) {

    /** An appointment's segment. */
    public static BookedTime appointment(String appointmentId, String staffId, long startsAt, long endsAt,
            long occupiedFrom, long occupiedUntil) {
        return new BookedTime(appointmentId, staffId, startsAt, endsAt, occupiedFrom, occupiedUntil, true, false);
    }

    boolean occupies() {
        return occupiedUntil > occupiedFrom;
    }
}
