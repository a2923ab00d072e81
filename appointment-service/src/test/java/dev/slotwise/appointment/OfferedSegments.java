package dev.slotwise.appointment;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The segments of a booking or hold as a slot offers them: a slot's segments name service, staff member, start and
 * end (CONTRACT §16); the resources a booking takes (§17) are listed only once it is booked or held.
 */
final class OfferedSegments {

    private OfferedSegments() {
    }

    static List<Map<String, Object>> of(List<Map<String, Object>> segments) {
        return segments.stream().map(segment -> {
            Map<String, Object> offered = new LinkedHashMap<>(segment);
            offered.remove("resourceIds");
            return offered;
        }).toList();
    }
}
