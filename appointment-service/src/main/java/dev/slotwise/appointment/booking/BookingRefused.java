package dev.slotwise.appointment.booking;

import dev.slotwise.appointment.rules.Decision;

/**
 * The rules refused a booking or a reschedule: the domain's answer, with every reason. Only the edge
 * ({@link RefusalProblems}) turns it into the client's 409.
 */
public final class BookingRefused extends RuntimeException {

    private final transient Decision.Refusal refusal;

    public BookingRefused(Decision.Refusal refusal) {
        super(null, null, false, false);
        this.refusal = refusal;
    }

    public Decision.Refusal refusal() {
        return refusal;
    }
}
