package dev.slotwise.notification.mail;

import dev.slotwise.notification.schedule.Kind;
import io.quarkus.qute.Engine;
import io.quarkus.qute.Template;
import jakarta.enterprise.context.ApplicationScoped;
import java.time.DateTimeException;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

/**
 * Writes an e-mail from its Qute template ({@code templates/notifications/<kind>.txt}): the business, the service(s),
 * the start in the appointment's time zone (its location's, or the tenant's), the policy text when there is one; and
 * its invitation. A template that cannot be rendered throws {@link UnwritableLetter}: the e-mail is then {@code failed}
 * with that reason, never retried (it would fail the same way).
 */
@ApplicationScoped
public class Composer {

    private static final DateTimeFormatter DATE = DateTimeFormatter.ofPattern("EEEE d MMMM yyyy", Locale.ENGLISH);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH);

    private final Engine engine;

    public Composer(Engine engine) {
        this.engine = engine;
    }

    public Letter write(LetterContent content) {
        ZonedDateTime start = content.startsAt().atZone(zone(content.timeZone()));
        String services = String.join(", ", content.serviceNames());
        String business = content.businessName() == null ? "" : content.businessName();
        try {
            Template template = engine.getTemplate("notifications/" + content.kind().value() + ".txt");
            if (template == null) {
                throw new UnwritableLetter("no template for " + content.kind().value());
            }
            String text = template
                    .data("business", business)
                    .data("customerName", content.customerName() == null ? "" : content.customerName())
                    .data("services", services)
                    .data("date", DATE.format(start))
                    .data("time", TIME.format(start))
                    .data("timeZone", start.getZone().getId())
                    .data("policyText", content.policyText())
                    .data("before", content.minutesBefore() == null ? null : inWords(content.minutesBefore()))
                    .render();
            boolean cancelled = content.kind() == Kind.CANCELLED;
            String calendar = Calendars.invitation(new CalendarEvent(content.appointmentId(), content.sequence(),
                    content.startsAt(), content.endsAt(), services + (business.isEmpty() ? "" : " at " + business),
                    null, cancelled), business.isEmpty() ? content.fromAddress() : business, content.fromAddress(),
                    content.toAddress());
            return new Letter(subject(content.kind(), services, business, start), text, calendar,
                    cancelled ? "CANCEL" : "REQUEST");
        } catch (UnwritableLetter e) {
            throw e;
        } catch (RuntimeException e) {
            throw new UnwritableLetter("the " + content.kind().value() + " template could not be rendered: "
                    + e.getMessage());
        }
    }

    private static String subject(Kind kind, String services, String business, ZonedDateTime start) {
        String when = DATE.format(start) + " at " + TIME.format(start);
        String at = business.isEmpty() ? "" : " at " + business;
        return switch (kind) {
            case CONFIRMATION -> "Confirmed: " + services + at + ", " + when;
            case RESCHEDULED -> "Rescheduled: " + services + at + ", now " + when;
            case CANCELLED -> "Cancelled: " + services + at + ", " + when;
            case REMINDER -> "Reminder: " + services + at + ", " + when;
        };
    }

    static String inWords(int minutes) {
        if (minutes % 1440 == 0) {
            return plural(minutes / 1440, "day");
        }
        if (minutes % 60 == 0) {
            return plural(minutes / 60, "hour");
        }
        return plural(minutes, "minute");
    }

    private static String plural(int count, String unit) {
        return count + " " + unit + (count == 1 ? "" : "s");
    }

    private static ZoneId zone(String id) {
        try {
            return ZoneId.of(id);
        } catch (DateTimeException | NullPointerException e) {
            return ZoneId.of("UTC");
        }
    }

    /** An e-mail that cannot be written: its template fails, or what it must say does not fit. */
    public static final class UnwritableLetter extends RuntimeException {
        public UnwritableLetter(String message) {
            super(message, null, false, false);
        }
    }
}
