package dev.slotwise.appointment.visit;

import dev.slotwise.appointment.booking.RuleBooks.Wanted;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.FieldError;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;

/**
 * The visit a booking or a hold asks for (CONTRACT §16): {@code serviceId} with {@code staffId} (which may be left
 * out), or {@code segments} of 1–5, each a service with a staff member or none — one way, not both.
 */
public final class VisitInput {

    public static final int MOST_SEGMENTS = 5;

    private VisitInput() {
    }

    /** The segments asked for, starting at {@code startsAt} (required); 422 naming every field that is wrong. */
    public static List<Wanted> required(String serviceId, String staffId, List<SegmentInput> segments,
            Instant startsAt) {
        List<FieldError> invalid = new ArrayList<>();
        List<Wanted> wanted = wanted(serviceId, staffId, segments, invalid);
        if (startsAt == null) {
            invalid.add(new FieldError("startsAt", "is required"));
        }
        if (!invalid.isEmpty()) {
            throw ApiException.invalid(invalid);
        }
        return wanted;
    }

    /** The segments asked for; what is wrong with the fields goes to {@code errors} (then the answer is empty). */
    static List<Wanted> wanted(String serviceId, String staffId, List<SegmentInput> segments,
            List<FieldError> errors) {
        if (segments == null) {
            if (serviceId == null || serviceId.isBlank()) {
                errors.add(new FieldError("serviceId", "is required (or segments)"));
                return List.of();
            }
            return List.of(Wanted.of(serviceId, staffId));
        }
        if (serviceId != null) {
            errors.add(new FieldError("serviceId", "must be left out when segments are given"));
        }
        if (staffId != null) {
            errors.add(new FieldError("staffId", "must be left out when segments are given (each segment has its own)"));
        }
        if (segments.isEmpty() || segments.size() > MOST_SEGMENTS) {
            errors.add(new FieldError("segments", "must hold 1 to " + MOST_SEGMENTS + " segments"));
        }
        List<Wanted> wanted = new ArrayList<>();
        for (int i = 0; i < segments.size(); i++) {
            SegmentInput segment = segments.get(i);
            if (segment == null) {
                errors.add(new FieldError("segments[" + i + "]", "is required"));
                continue;
            }
            wanted.add(new Wanted("segments[" + i + "].serviceId", segment.serviceId(),
                    "segments[" + i + "].staffId", segment.staffId(), true));
        }
        return errors.isEmpty() ? wanted : List.of();
    }
}
