package dev.slotwise.appointment.booking;

import dev.slotwise.appointment.rules.Decision;
import dev.slotwise.appointment.rules.Reason;
import dev.slotwise.appointment.rules.ReasonCode;
import dev.slotwise.commons.http.RequestIds;
import dev.slotwise.commons.problem.ApiException;
import dev.slotwise.commons.problem.ProblemResponses;
import io.vertx.core.http.HttpServerRequest;
import jakarta.ws.rs.core.Response;
import java.util.List;
import java.util.stream.Collectors;
import org.jboss.resteasy.reactive.server.ServerExceptionMapper;

/**
 * A refused booking as the client hears it (CONTRACT §3, §14, §15): one 409 whose code is that of the first kind of
 * reason in this order — the booking window ({@code outside_booking_window}), then the staff member's availability
 * ({@code staff_unavailable}: a closed day, outside their hours, time off, a service they do not perform), then the
 * daily limit ({@code daily_limit_reached}), then the time taken ({@code appointment_conflict}: another appointment,
 * or §16's holds), then §17's resources ({@code resource_unavailable}); the detail gives every reason of that kind.
 * Explain answers all of them.
 */
public class RefusalProblems {

    @ServerExceptionMapper
    public Response refused(BookingRefused refused, HttpServerRequest request) {
        return ProblemResponses.response(problem(refused.refusal()), RequestIds.of(request));
    }

    static ApiException problem(Decision.Refusal refusal) {
        String code = null;
        for (Reason reason : refusal.reasons()) {
            String candidate = codeOf(reason.code());
            if (code == null || rank(candidate) < rank(code)) {
                code = candidate;
            }
        }
        String chosen = code;
        List<String> details = refusal.reasons().stream().filter(reason -> codeOf(reason.code()).equals(chosen))
                .map(Reason::detail).toList();
        return ApiException.conflict(chosen, details.stream().collect(Collectors.joining("; ")));
    }

    /** The booking's code of a reason. */
    static String codeOf(ReasonCode reason) {
        return switch (reason) {
            case OUTSIDE_BOOKING_WINDOW -> "outside_booking_window";
            case CLOSED, OUTSIDE_WORKING_HOURS, TIME_OFF, SERVICE_NOT_OFFERED, NO_STAFF_AVAILABLE -> "staff_unavailable";
            case DAILY_LIMIT_REACHED -> "daily_limit_reached";
            case BOOKED, HELD -> "appointment_conflict";
            case RESOURCE_UNAVAILABLE -> "resource_unavailable";
        };
    }

    private static int rank(String code) {
        return List.of("outside_booking_window", "staff_unavailable", "daily_limit_reached", "appointment_conflict",
                "resource_unavailable").indexOf(code);
    }
}
