package dev.slotwise.catalog.calendar;

import dev.slotwise.commons.problem.ApiException;
import java.time.LocalDate;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.time.format.DateTimeParseException;
import java.time.format.ResolverStyle;
import java.time.temporal.ChronoUnit;
import java.util.regex.Pattern;

/**
 * Local dates as the API writes them (closures, date overrides: CONTRACT §15): {@code YYYY-MM-DD}, a real day of the
 * years 0001 to 9999 — {@code 2026-02-30} is none. Jackson's own reading would also take a timestamp, an array or a
 * number for a date, so the API reads dates as text and parses them here.
 */
public final class CalendarDates {

    private static final Pattern SHAPE = Pattern.compile("\\d{4}-\\d{2}-\\d{2}");
    private static final DateTimeFormatter STRICT = DateTimeFormatter.ofPattern("uuuu-MM-dd")
            .withResolverStyle(ResolverStyle.STRICT);
    /** The longest span a list of dates covers (CONTRACT §15: at most 366 days apart). */
    public static final int LONGEST_SPAN_DAYS = 366;
    private static final LocalDate LAST = LocalDate.of(9999, 12, 31);

    private CalendarDates() {
    }

    /** The date {@code text} names, or null when it is none. */
    public static LocalDate parse(String text) {
        if (text == null || !SHAPE.matcher(text).matches()) {
            return null;
        }
        try {
            LocalDate date = LocalDate.parse(text, STRICT);
            return date.getYear() >= 1 ? date : null;
        } catch (DateTimeParseException notADay) {
            return null;
        }
    }

    /** A date in a request's path or query: unreadable is 400 naming the parameter. */
    public static LocalDate parameter(String name, String text) {
        LocalDate date = parse(text);
        if (date == null) {
            throw ApiException.malformed(name + " must be a date YYYY-MM-DD");
        }
        return date;
    }

    /**
     * The dates {@code [from, to]} (both included) a list asks for: {@code from} defaults to today in the tenant's
     * time zone, {@code to} to {@link #LONGEST_SPAN_DAYS} days after {@code from}; {@code to} before {@code from}, or
     * more than that many days after it, is 400.
     */
    public static Span span(String from, String to, ZoneId zone) {
        LocalDate first = from == null ? LocalDate.now(zone) : parameter("from", from);
        LocalDate last = to == null ? min(first.plusDays(LONGEST_SPAN_DAYS), LAST) : parameter("to", to);
        if (last.isBefore(first)) {
            throw ApiException.malformed("to must not be before from");
        }
        if (ChronoUnit.DAYS.between(first, last) > LONGEST_SPAN_DAYS) {
            throw ApiException.malformed("to may be at most 366 days after from");
        }
        return new Span(first, last);
    }

    private static LocalDate min(LocalDate a, LocalDate b) {
        return a.isBefore(b) ? a : b;
    }

    /** Dates from {@code first} to {@code last}, both included. */
    public record Span(LocalDate first, LocalDate last) {
    }
}
