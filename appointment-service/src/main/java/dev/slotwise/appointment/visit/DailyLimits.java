package dev.slotwise.appointment.visit;

import dev.slotwise.appointment.booking.BookingRefused;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.RuleBook;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;

/**
 * The daily limit (CONTRACT §15) where requests race: under a limit, a booking, reschedule or hold locks each staff
 * member's local day its segments count toward (each once, in one order, so two visits never wait for each other in
 * a circle) and counts it; a full day refuses the visit as the rules would have, had they seen what committed
 * meanwhile. Without a limit, nothing: no lock, no count.
 */
@ApplicationScoped
public class DailyLimits {

    private final VisitSegments segments;

    public DailyLimits(VisitSegments segments) {
        this.segments = segments;
    }

    /** Within the caller's transaction; {@code moving}: the appointment being rescheduled (null: none). */
    public Uni<Void> require(String tenantId, Decision.Plan plan, Integer limit, String moving) {
        if (limit == null) {
            return Uni.createFrom().voidItem();
        }
        Map<String, Decision.PlannedSegment> days = new TreeMap<>();
        plan.segments().forEach(segment -> days.putIfAbsent(segment.staffId() + "/" + segment.day(), segment));
        Uni<Void> done = Uni.createFrom().voidItem();
        for (Decision.PlannedSegment segment : days.values()) {
            done = done.chain(() -> segments.lockDay(tenantId, segment.staffId(), segment.day())
                    .chain(() -> segments.countOnDay(tenantId, segment.staffId(), segment.dayStart(),
                            segment.dayEnd(), moving))
                    .invoke(count -> {
                        if (count >= limit) {
                            throw new BookingRefused(new Decision.Refusal(List.of(
                                    RuleBook.dailyLimitReached(count, segment.day()))));
                        }
                    })
                    .replaceWithVoid());
        }
        return done;
    }
}
