package dev.slotwise.appointment.hold;

import dev.slotwise.appointment.visit.SegmentInput;
import jakarta.validation.Valid;
import jakarta.validation.constraints.Max;
import jakarta.validation.constraints.Min;
import java.time.Instant;
import java.util.List;

/**
 * The body of {@code POST /api/v1/holds} (CONTRACT §16): what a booking takes but the customer — {@code serviceId}
 * with {@code staffId} (may be left out) or {@code segments}, and {@code startsAt} — and {@code ttlSeconds}.
 */
public record NewHold(
        String serviceId,
        String staffId,
        List<@Valid SegmentInput> segments,
        Instant startsAt,
        @Min(value = 60, message = "must be from 60 to 1800") @Max(value = 1800, message = "must be from 60 to 1800")
        Integer ttlSeconds) {

    static final int DEFAULT_TTL_SECONDS = 600;

    int ttl() {
        return ttlSeconds == null ? DEFAULT_TTL_SECONDS : ttlSeconds;
    }
}
