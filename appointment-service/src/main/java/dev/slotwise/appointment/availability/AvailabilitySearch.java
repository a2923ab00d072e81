package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.appointment.booking.RuleBooks;
import dev.slotwise.appointment.rules.RuleBook;
import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;

/**
 * Free slots (CONTRACT §14, §15): every start on the grid in {@code [from, to)} that the booking rules accept now,
 * for each staff member who performs the service and has hours set on that day. The rules are those a booking is
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

    /** The answer's JSON: {@code {"data": [{"startsAt", "endsAt", "staffId"}], "nextCursor": null}}. */
    Uni<byte[]> search(Caller caller, AvailabilityQuery query) {
        return ruleBooks.forSearch(caller, query.serviceId(), query.staffId(), query.from(), query.to())
                .map(checked -> {
                    if (!checked.errors().isEmpty()) {
                        throw ApiException.invalid(checked.errors());
                    }
                    RuleBook rules = checked.rules();
                    long length = rules.service(query.serviceId()).durationMinutes() * MINUTE;
                    FreeSlots slots = new FreeSlots(query.from().toEpochMilli(), length, rules.staffIds());
                    rules.freeStarts(query.serviceId(), query.staffId(), new SlotGrid(caller.timeZone(),
                            query.slotMinutes()), query.from().toEpochMilli(), query.to().toEpochMilli(), slots);
                    return slots.json();
                });
    }
}
