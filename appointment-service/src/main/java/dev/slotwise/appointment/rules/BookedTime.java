package dev.slotwise.appointment.rules;

/**
 * An existing appointment as the rules see it, times in epoch milliseconds: the range it occupies of its staff member
 * ({@code [occupiedFrom, occupiedUntil)}: its time with its buffers; empty when it occupies nothing, as a cancelled
 * or completed one), and whether it counts toward its staff member's daily limit on the local day of its start.
 */
public record BookedTime(String appointmentId, String staffId, long startsAt, long occupiedFrom, long occupiedUntil,
        boolean counts) {

    boolean occupies() {
        return occupiedUntil > occupiedFrom;
    }
}
