package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.appointment.booking.RuleBooks;
import dev.slotwise.appointment.rules.RuleBook;
import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import java.util.List;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Free slots (CONTRACT §14, §15, §16): every start on the grid in {@code [from, to)} that the booking rules accept now
 * for the visit, for each staff member who performs its services and has hours set on that day, or (any staff) with
 * whom a booking would be assigned. The rules are those a booking is
 * decided by ({@link RuleBook}), so every slot offered is bookable; they are read on every search (the catalog's
 * booking context and this service's own appointments, at once), so a change of schedule, policy or closures, or a
 * booking, shows in the very next search.
 */
@ApplicationScoped
public class AvailabilitySearch {

    private static final long MINUTE = 60_000L;

    private final RuleBooks ruleBooks;

    public AvailabilitySearch(RuleBooks ruleBooks) {
        this.ruleBooks = ruleBooks;
    }

    /**
     * The answer's JSON: {@code {"data": [{"startsAt", "endsAt", "staffId", "segments": [...]}], "nextCursor": null}}.
     */
    Uni<byte[]> search(Caller caller, AvailabilityQuery query) {
        List<RuleBooks.Wanted> wanted = query.serviceIds().stream()
                .map(id -> new RuleBooks.Wanted(query.serviceField(), id, "staffId", query.anyStaff() ? null : query.staffId(), true))
                .toList();
        return ruleBooks.forSearch(caller, wanted, query.from(), query.to(), query.locationId()).map(checked -> {
            if (!checked.errors().isEmpty()) {
                throw ApiException.invalid(checked.errors());
            }
            RuleBook rules = checked.rules();
            long[] offsets = new long[query.serviceIds().size() + 1];
            for (int i = 0; i < query.serviceIds().size(); i++) {
                offsets[i + 1] = offsets[i] + rules.service(query.serviceIds().get(i)).durationMinutes() * MINUTE;
            }
            FreeSlots slots = new FreeSlots(query.from().toEpochMilli(), query.serviceIds(), offsets,
                    rules.staffIds());
            rules.freeVisits(query.serviceIds(), query.staffId(), query.anyStaff(),
                    new SlotGrid(caller.timeZone(), query.slotMinutes()), query.from().toEpochMilli(),
                    query.to().toEpochMilli(), slots);
            return slots.json();
        });
    }
}
