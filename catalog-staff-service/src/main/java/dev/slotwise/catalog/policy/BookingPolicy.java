package dev.slotwise.catalog.policy;

import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import jakarta.validation.constraints.Size;

/**
 * The tenant's booking policy (CONTRACT §15), read and replaced whole. A field left out of a {@code PUT}, or null,
 * takes its default (the policy of a tenant that never set one: 0, null, 0, null, null): null is "no value" for
 * the two counts of minutes as for the other three (no limit, no text).
 */
public record BookingPolicy(
        @Min(value = 0, message = "must be from 0 to 43200") @Max(value = 43200, message = "must be from 0 to 43200")
        Integer minNoticeMinutes,
        @Min(value = 1, message = "must be from 1 to 730 or null") @Max(value = 730, message = "must be from 1 to 730 or null")
        Integer maxAdvanceDays,
        @Min(value = 0, message = "must be from 0 to 43200") @Max(value = 43200, message = "must be from 0 to 43200")
        Integer cancellationWindowMinutes,
        @Min(value = 1, message = "must be from 1 to 100 or null") @Max(value = 100, message = "must be from 1 to 100 or null")
        Integer maxAppointmentsPerStaffPerDay,
        @Size(max = 2000, message = "must be at most 2000 characters or null") String policyText) {

    public static final BookingPolicy DEFAULT = new BookingPolicy(0, null, 0, null, null);

    /** The policy with every left-out field at its default. */
    BookingPolicy withDefaults() {
        return new BookingPolicy(minNoticeMinutes == null ? 0 : minNoticeMinutes, maxAdvanceDays,
                cancellationWindowMinutes == null ? 0 : cancellationWindowMinutes, maxAppointmentsPerStaffPerDay,
                policyText);
    }
}
