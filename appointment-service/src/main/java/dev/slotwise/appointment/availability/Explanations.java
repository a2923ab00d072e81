package dev.slotwise.appointment.availability;

import dev.slotwise.appointment.booking.Caller;
import dev.slotwise.appointment.booking.RuleBooks;
import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.Reason;
import dev.slotwise.appointment.rules.VisitRequest;
import dev.slotwise.commons.problem.ApiException;
import io.smallrye.mutiny.Uni;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.Instant;
import java.util.List;

/**
 * Why a time is not free (CONTRACT §15): the rules' decision on a booking of the service with the staff member at the
 * start, taken exactly as a booking's is, with every reason rather than the first.
 */
@ApplicationScoped
public class Explanations {

    private final RuleBooks ruleBooks;

    public Explanations(RuleBooks ruleBooks) {
        this.ruleBooks = ruleBooks;
    }

    /** {@code available} is true exactly when there is no reason. */
    public record Explanation(boolean available, List<Reason> reasons) {
    }

    Uni<Explanation> explain(Caller caller, String serviceId, String staffId, Instant startsAt) {
        return ruleBooks.forVisit(caller, List.of(RuleBooks.Wanted.of(serviceId, staffId)), startsAt, null)
                .map(checked -> {
            if (!checked.errors().isEmpty()) {
                throw ApiException.invalid(checked.errors());
            }
            Decision decision = checked.rules().decide(VisitRequest.of(serviceId, staffId, startsAt));
            return decision instanceof Decision.Refusal refusal ? new Explanation(false, refusal.reasons())
                    : new Explanation(true, List.of());
        });
    }
}
